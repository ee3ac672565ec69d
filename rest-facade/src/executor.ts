import type { GatewayContext, Gateway } from '@dataplat/gateway';
import type { GraphQLFormattedError } from 'graphql';
import type { CompiledRoute } from './route-table';

export interface ExecutionResult {
  data?: Record<string, unknown> | null;
  errors?: readonly GraphQLFormattedError[];
}

/** Runs a facade operation on the supergraph. */
export interface OperationExecutor {
  execute(route: CompiledRoute, variables: Record<string, unknown>, context: GatewayContext): Promise<ExecutionResult>;
}

/** In-process: the operation goes straight into the gateway's Apollo Server (no HTTP hop). */
export class InProcessExecutor implements OperationExecutor {
  constructor(private readonly gateway: Gateway) {}

  async execute(route: CompiledRoute, variables: Record<string, unknown>, context: GatewayContext): Promise<ExecutionResult> {
    const response = await this.gateway.server.executeOperation(
      { query: route.source, operationName: route.operationName, variables },
      { contextValue: context },
    );
    if (response.body.kind !== 'single') throw new Error('incremental delivery is not used by facade operations');
    return response.body.singleResult as ExecutionResult;
  }
}
