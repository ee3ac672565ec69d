// Prints the facade's route table, one `METHOD /path` a line (npm run --silent routes).
import { ROUTES } from '../routes';

for (const r of ROUTES) process.stdout.write(`${r.method} ${r.path}\n`);
