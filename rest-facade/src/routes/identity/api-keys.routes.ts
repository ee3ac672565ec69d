import { defineRoutes } from '../../route-spec';

/** Spec 1, "API keys". */
export const apiKeyRoutes = defineRoutes([
]);
