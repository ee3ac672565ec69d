import { Args, Authorized, Query, Resolver } from 'type-graphql';
import { MarketplaceListArgs } from './marketplace.inputs';
import type { MarketplaceService } from './marketplace.service';
import { MarketplaceItem, MarketplaceItemPage } from './marketplace.type';
import { MARKETPLACE_READ } from '../permissions';

@Resolver(() => MarketplaceItem)
export class MarketplaceResolver {
  constructor(private readonly service: MarketplaceService) {}

  @Authorized(MARKETPLACE_READ)
  @Query(() => MarketplaceItemPage, { description: 'Pipeline templates of the marketplace.' })
  marketplaceTemplates(@Args() args: MarketplaceListArgs): Promise<MarketplaceItemPage> {
    return this.service.list('TEMPLATE', args);
  }

  @Authorized(MARKETPLACE_READ)
  @Query(() => MarketplaceItemPage, { description: 'Connectors of the marketplace (the ingestion connector types).' })
  marketplaceConnectors(@Args() args: MarketplaceListArgs): Promise<MarketplaceItemPage> {
    return this.service.list('CONNECTOR', args);
  }

  @Authorized(MARKETPLACE_READ)
  @Query(() => MarketplaceItemPage, { description: 'Extensions of the marketplace (optional platform services).' })
  marketplaceExtensions(@Args() args: MarketplaceListArgs): Promise<MarketplaceItemPage> {
    return this.service.list('EXTENSION', args);
  }
}
