import { Field, ID, ObjectType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Paginated } from '@dataplat/kit';

@ObjectType({ description: 'An entry of the marketplace catalogue: a pipeline template, a connector or an extension.' })
export class MarketplaceItem {
  @Field(() => ID, { description: "Stable within its kind: a connector's `connectorType`, a template's id." }) id: string;
  @Field({ description: 'TEMPLATE, CONNECTOR or EXTENSION.' }) kind: string;
  @Field() name: string;
  @Field() description: string;
  @Field({ description: 'Connector family, template industry or extension area.' }) category: string;
  @Field() version: string;
  @Field(() => GraphQLJSONObject, { description: 'Kind-specific fields (docs/config-service.md "Marketplace").' }) attributes: Record<string, unknown>;
}

@ObjectType()
export class MarketplaceItemPage extends Paginated(MarketplaceItem, 'MarketplaceItemPage') {}
