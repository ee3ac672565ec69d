import { createHash } from 'node:crypto';
import { canonicalJson, type Values } from './deep-merge';
import { validateValues, type ValuesSchema } from './values-schema';

export interface DeployRequest {
  tenantId: string;
  releaseName: string;
  namespace: string;
  revision: number;
  chart: { chartName: string; version: string; appVersion: string; valuesSchema: ValuesSchema };
  /** Chart defaults deep-merged with the override. */
  values: Values;
  timeoutSeconds: number;
}

export type DeployOutcome = { ok: true; manifestHash: string } | { ok: false; message: string; errors: string[] };

/**
 * What applies a revision of a release to a cluster. The platform's implementation is
 * LocalDeployer; a Kubernetes/Helm-backed one would implement the same interface.
 */
export interface Deployer {
  deploy(request: DeployRequest): Promise<DeployOutcome>;
}

/**
 * The local deployer (real work, no cluster): validates the merged values against the chart's
 * value schema, renders the release manifest (release, namespace, chart, values as canonical
 * JSON, so equal input renders equal text) and returns its sha256. Invalid values fail the
 * revision with every violation listed.
 */
export class LocalDeployer implements Deployer {
  async deploy(req: DeployRequest): Promise<DeployOutcome> {
    const errors = validateValues(req.chart.valuesSchema, req.values);
    if (errors.length) return { ok: false, message: `values do not match the schema of ${req.chart.chartName} ${req.chart.version}: ${errors.join('; ')}`, errors };
    return { ok: true, manifestHash: createHash('sha256').update(renderManifest(req)).digest('hex') };
  }
}

/** The rendered manifest of a revision (what the hash covers). */
export function renderManifest(req: DeployRequest): string {
  const metadata = { name: req.releaseName, namespace: req.namespace, labels: { 'app.kubernetes.io/instance': req.releaseName, 'helm.sh/chart': `${req.chart.chartName}-${req.chart.version}`, 'app.kubernetes.io/version': req.chart.appVersion } };
  return [
    `# Source: ${req.chart.chartName}/templates/release.yaml`,
    canonicalJson({ apiVersion: 'v1', kind: 'ConfigMap', metadata, data: { values: canonicalJson(req.values) } }),
  ].join('\n');
}
