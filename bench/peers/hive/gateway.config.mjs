// Hive Gateway configuration for the benchmark peer: forward the signed principal the
// benchmark sends (the same header our gateway forwards), so the subgraph sees the same caller.
export const gatewayConfig = {
  propagateHeaders: {
    fromClientToSubgraphs: ({ request }) => ({ 'x-dataplat-principal': request.headers.get('x-dataplat-principal') ?? undefined }),
  },
  logging: 'warn',
};
