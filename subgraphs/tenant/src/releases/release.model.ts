import semver from 'semver';

/** Release and revision statuses, as Helm's (docs/tenant-releases.md "States"). */
export const RELEASE_STATUSES = ['DEPLOYED', 'PENDING_INSTALL', 'PENDING_UPGRADE', 'PENDING_ROLLBACK', 'FAILED', 'SUPERSEDED', 'UNINSTALLED'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];
export type ReleaseAction = 'INSTALL' | 'UPGRADE' | 'ROLLBACK';

/** Actions on an existing release and the release statuses they start from. */
export const ALLOWED_FROM: Record<'upgrade' | 'rollback' | 'uninstall', readonly ReleaseStatus[]> = {
  upgrade: ['DEPLOYED', 'FAILED'],
  rollback: ['DEPLOYED', 'FAILED'],
  uninstall: ['DEPLOYED', 'FAILED'],
};

/** The pending status a release holds while the deployer runs an action. */
export const PENDING_OF: Record<ReleaseAction, ReleaseStatus> = { INSTALL: 'PENDING_INSTALL', UPGRADE: 'PENDING_UPGRADE', ROLLBACK: 'PENDING_ROLLBACK' };

/** Statuses of an action under way; one older than the release timeout is stale (its process died). */
export const PENDING: readonly ReleaseStatus[] = ['PENDING_INSTALL', 'PENDING_UPGRADE', 'PENDING_ROLLBACK'];

/** Revisions that ran successfully (the targets of "rollback to last successful"). */
export const SUCCESSFUL: readonly ReleaseStatus[] = ['DEPLOYED', 'SUPERSEDED'];

/** Helm's release name rule: a DNS-1123 label of at most 53 characters. */
export const RELEASE_NAME_MAX = 53;
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

export const isReleaseName = (v: string) => v.length <= RELEASE_NAME_MAX && DNS_LABEL.test(v);
/** Kubernetes namespace: a DNS-1123 label of at most 63 characters. */
export const isNamespace = (v: string) => v.length <= 63 && DNS_LABEL.test(v);

export const DEFAULT_TIMEOUT_SECONDS = 300;
/** Limits of a values override (bad input, not a stack overflow or a huge row). */
export const MAX_VALUES_DEPTH = 32;
export const MAX_VALUES_BYTES = 65_536;
export const MAX_TIMEOUT_SECONDS = 3600;

/** A valid semantic version (semver 2.0.0, no leading "v"). */
export const isSemver = (v: string) => /^\d\S*$/.test(v) && semver.parse(v) !== null;

/** Versions in ascending semver order (1.9.0 before 1.10.0). */
export const sortVersions = (versions: string[]) => [...versions].sort(semver.compare);

/** True when `version` is older than `target` by semver precedence. */
export const isOlder = (version: string, target: string) => semver.valid(version) !== null && semver.lt(version, target);
