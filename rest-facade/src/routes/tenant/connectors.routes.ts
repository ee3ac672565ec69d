import { body, defineRoutes, param, query } from '../../route-spec';

const BASE = '/api/v1/tenants/{tenantId}/connectors';
const TENANT = { tenantId: param('tenantId') };
const CONNECTOR = { ...TENANT, connectorId: param('connectorId') };

/**
 * Connectors (spec 2 "Endpoints of other services"): reads, tests, syncs and status for any
 * user of the tenant (bearer); create, update, delete by its Admin (docs/tenant-operations.md).
 */
export const connectorRoutes = defineRoutes([
  {
    method: 'GET', path: BASE, tag: 'Connectors', summary: 'Connectors of the tenant (bearer)',
    auth: 'bearer', operation: 'tenant/connectors/connectors', variables: { ...TENANT, page: query('page'), size: query('size') }, result: 'connectors',
  },
  {
    method: 'POST', path: BASE, tag: 'Connectors', summary: 'Create a connector; 409 at maxConnectors (Admin)',
    auth: 'bearer', operation: 'tenant/connectors/create-connector', variables: { ...TENANT, input: body() }, result: 'createConnector', status: 201,
  },
  {
    method: 'GET', path: `${BASE}/{connectorId}`, tag: 'Connectors', summary: 'One connector with its synced metadata (bearer)',
    auth: 'bearer', operation: 'tenant/connectors/connector', variables: CONNECTOR, result: 'connector',
  },
  {
    method: 'PUT', path: `${BASE}/{connectorId}`, tag: 'Connectors', summary: 'Change a connector (Admin)',
    auth: 'bearer', operation: 'tenant/connectors/update-connector', variables: { ...CONNECTOR, input: body() }, result: 'updateConnector',
  },
  {
    method: 'DELETE', path: `${BASE}/{connectorId}`, tag: 'Connectors', summary: 'Delete a connector and its jobs (Admin)',
    auth: 'bearer', operation: 'tenant/connectors/delete-connector', variables: CONNECTOR, result: 'deleteConnector', status: 204,
  },
  {
    method: 'POST', path: `${BASE}/{connectorId}/test`, tag: 'Connectors', summary: 'Queue a connection test job (bearer)',
    auth: 'bearer', operation: 'tenant/connectors/test-connector', variables: CONNECTOR, result: 'testConnector', status: 202,
  },
  {
    method: 'POST', path: `${BASE}/{connectorId}/sync`, tag: 'Connectors', summary: 'Queue a metadata sync job (bearer)',
    auth: 'bearer', operation: 'tenant/connectors/sync-connector', variables: CONNECTOR, result: 'syncConnector', status: 202,
  },
  {
    method: 'GET', path: `${BASE}/{connectorId}/status`, tag: 'Connectors', summary: 'Health and latest test and sync jobs; ?jobId= for one job (bearer)',
    auth: 'bearer', operation: 'tenant/connectors/connector-status', variables: { ...CONNECTOR, jobId: query('jobId') }, result: 'connectorStatus',
  },
]);
