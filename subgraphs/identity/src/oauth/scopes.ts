/** RFC 6749 3.3 `scope`: space-delimited, each once, in the order given. */
export const splitScope = (scope: string | null | undefined): string[] => [...new Set((scope ?? '').split(' ').filter(Boolean))];

export const joinScope = (scopes: readonly string[]): string => scopes.join(' ');

/** `<resource>:<action>`, lower case, as the permission catalogue names them. */
export const SCOPE_TOKEN = /^[a-z][a-z0-9_-]{0,62}:[a-z][a-z0-9_-]{0,62}$/;
