import { defineRoutes } from '../../route-spec';

/** Spec 1, "Sessions". */
export const sessionRoutes = defineRoutes([
]);
