import 'reflect-metadata';
import { execute, parse } from 'graphql';
import { Directive, Field, FieldResolver, ID, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { buildModularSchema } from './modular-schema';

/** An entity another subgraph owns, extended here with one field (reached by no root field). */
@ObjectType('Account')
@Directive('@key(fields: "id")')
class AccountStub {
  @Field(() => ID) id: string;
}

@Resolver(() => AccountStub)
class AccountBalanceResolver {
  constructor(private readonly balances: Map<string, number>) {}

  @FieldResolver(() => Number)
  balance(@Root() a: AccountStub): number {
    return this.balances.get(a.id) ?? 0;
  }
}

@Resolver()
class PingResolver {
  constructor(private readonly word: string) {}

  @Query(() => String)
  ping(): string {
    return this.word;
  }
}

describe('buildModularSchema', () => {
  it('serves the modules\' resolver instances, entity stubs (types) and their references', async () => {
    const schema = await buildModularSchema([
      { resolvers: [new PingResolver('pong')] },
      { resolvers: [new AccountBalanceResolver(new Map([['a1', 42]]))], types: [AccountStub], references: { Account: { __resolveReference: (ref: { id: string }) => ({ id: ref.id }) } } },
    ]);
    const ping = await execute({ schema, document: parse('{ ping }') });
    expect(ping.data).toEqual({ ping: 'pong' });
    const entities = await execute({
      schema,
      document: parse('query($r: [_Any!]!) { _entities(representations: $r) { ... on Account { id balance } } }'),
      variableValues: { r: [{ __typename: 'Account', id: 'a1' }] },
      contextValue: {},
    });
    expect(entities.errors).toBeUndefined();
    expect(entities.data).toEqual({ _entities: [{ id: 'a1', balance: 42 }] });
  });
});
