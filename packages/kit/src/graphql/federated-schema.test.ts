import 'reflect-metadata';
import { execute, parse } from 'graphql';
import { Directive, Field, ID, ObjectType, Query, Resolver } from 'type-graphql';
import { buildFederatedSchema } from './federated-schema';

@ObjectType()
@Directive('@key(fields: "id")')
class Widget {
  @Field(() => ID) id: string;
  @Field() name: string;
}

@Resolver(() => Widget)
class WidgetResolver {
  @Query(() => [Widget])
  widgets(): Widget[] {
    return [];
  }
}

describe('buildFederatedSchema', () => {
  it('resolves entity references through __resolveReference (the gateway fetch of _entities)', async () => {
    const seen: unknown[] = [];
    const schema = await buildFederatedSchema({
      resolvers: [WidgetResolver],
      referenceResolvers: {
        Widget: {
          __resolveReference: (ref: { id: string }, context: unknown) => {
            seen.push(context);
            return { id: ref.id, name: `widget ${ref.id}` };
          },
        },
      },
    });
    const result = await execute({
      schema,
      document: parse('query($r: [_Any!]!) { _entities(representations: $r) { ... on Widget { id name } } }'),
      variableValues: { r: [{ __typename: 'Widget', id: 'w1' }] },
      contextValue: { marker: 1 },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ _entities: [{ id: 'w1', name: 'widget w1' }] });
    expect(seen).toEqual([{ marker: 1 }]);
  });
});
