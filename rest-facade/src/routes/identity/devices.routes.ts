import { defineRoutes } from '../../route-spec';

/** Spec 1, "Devices". */
export const deviceRoutes = defineRoutes([
]);
