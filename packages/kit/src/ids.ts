const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids of users, tenants and tokens are UUIDs: anything else cannot name one (and must never reach a uuid column). */
export const isUuid = (value: string): boolean => UUID.test(value);
