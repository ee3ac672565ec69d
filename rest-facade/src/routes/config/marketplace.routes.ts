import { defineRoutes, query } from '../../route-spec';

const LIST = { page: query('page'), size: query('size'), category: query('category'), search: query('search') };

/** Spec 2, "Configuration service": the marketplace catalogue (docs/config-service.md). */
export const marketplaceRoutes = defineRoutes([
  {
    method: 'GET', path: '/api/v1/marketplace/templates', tag: 'Marketplace', summary: 'Pipeline templates, paginated (category: industry)',
    auth: 'bearer', operation: 'config/marketplace/marketplace-templates', variables: LIST, result: 'marketplaceTemplates',
  },
  {
    method: 'GET', path: '/api/v1/marketplace/connectors', tag: 'Marketplace', summary: 'Connectors (the ingestion connector types), paginated',
    auth: 'bearer', operation: 'config/marketplace/marketplace-connectors', variables: LIST, result: 'marketplaceConnectors',
  },
  {
    method: 'GET', path: '/api/v1/marketplace/extensions', tag: 'Marketplace', summary: 'Extensions (optional platform services), paginated',
    auth: 'bearer', operation: 'config/marketplace/marketplace-extensions', variables: LIST, result: 'marketplaceExtensions',
  },
]);
