import { Max, Min } from 'class-validator';
import { ArgsType, ClassType, Directive, Field, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum SortOrder {
  ASC = 'asc',
  DESC = 'desc',
}
registerEnumType(SortOrder, { name: 'SortOrder' });

export const MAX_PAGE_SIZE = 100;

/** `page` (0-based), `size`, `sort`, `order`, as in spec 1 "Shared request conventions". */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { defaultValue: 0 })
  @Min(0)
  page: number = 0;

  @Field(() => Int, { defaultValue: 20 })
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  size: number = 20;

  @Field(() => String, { nullable: true })
  sort?: string;

  @Field(() => SortOrder, { nullable: true })
  order?: SortOrder;
}

@ObjectType('Pagination')
@Directive('@shareable')
export class Pagination {
  @Field(() => Int) page: number;
  @Field(() => Int) size: number;
  @Field(() => Int) total: number;
  @Field(() => Int) totalPages: number;
  @Field() hasNext: boolean;
  @Field() hasPrevious: boolean;
}

/** The pagination block of the list envelope. */
export function paginate(page: number, size: number, total: number): Pagination {
  const totalPages = Math.ceil(total / size);
  return { page, size, total, totalPages, hasNext: page + 1 < totalPages, hasPrevious: page > 0 };
}

/** Prisma's skip/take for a page. */
export const pageWindow = ({ page, size }: { page: number; size: number }) => ({ skip: page * size, take: size });

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

/** `{ data: [T], pagination }` list type for an item type (type-graphql generic). */
export function Paginated<T extends object>(item: ClassType<T>, name: string) {
  @ObjectType(name)
  class PageType {
    @Field(() => [item]) data: T[];
    @Field(() => Pagination) pagination: Pagination;
  }
  return PageType;
}
