import { paginate, pageWindow, type Page } from '@dataplat/kit';
import type { MarketplaceKind, MarketplaceRepository, MarketplaceRow } from './marketplace.repository';
import type { MarketplaceItem } from './marketplace.type';

/** Reads of the marketplace catalogue, one kind at a time, in the list envelope. */
export class MarketplaceService {
  constructor(private readonly repo: MarketplaceRepository) {}

  async list(kind: MarketplaceKind, args: { page: number; size: number; category?: string; search?: string }): Promise<Page<MarketplaceItem>> {
    const { skip, take } = pageWindow(args);
    const { rows, total } = await this.repo.list(kind, { category: args.category, search: args.search?.trim() || undefined }, skip, take);
    return { data: rows.map(toItem), pagination: paginate(args.page, args.size, total) };
  }
}

const toItem = (r: MarketplaceRow): MarketplaceItem => ({
  id: r.slug,
  kind: r.kind,
  name: r.name,
  description: r.description,
  category: r.category,
  version: r.version,
  attributes: r.attributes as Record<string, unknown>,
});
