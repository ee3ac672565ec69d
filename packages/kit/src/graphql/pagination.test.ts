import 'reflect-metadata';
import { MAX_PAGE_SIZE, pageWindow, paginate } from './pagination';

describe('paginate', () => {
  it('reports an empty result as zero pages with no neighbours', () => {
    expect(paginate(0, 20, 0)).toEqual({ page: 0, size: 20, total: 0, totalPages: 0, hasNext: false, hasPrevious: false });
  });

  it('counts an exact multiple without an extra page', () => {
    expect(paginate(0, 20, 60)).toMatchObject({ totalPages: 3, hasNext: true, hasPrevious: false });
    expect(paginate(1, 20, 60)).toMatchObject({ totalPages: 3, hasNext: true, hasPrevious: true });
    expect(paginate(2, 20, 60)).toMatchObject({ totalPages: 3, hasNext: false, hasPrevious: true });
  });

  it('gives a partial last page a page of its own', () => {
    expect(paginate(0, 20, 61)).toMatchObject({ totalPages: 4, hasNext: true });
    expect(paginate(3, 20, 61)).toEqual({ page: 3, size: 20, total: 61, totalPages: 4, hasNext: false, hasPrevious: true });
  });

  it('has one page when everything fits', () => {
    expect(paginate(0, 20, 1)).toEqual({ page: 0, size: 20, total: 1, totalPages: 1, hasNext: false, hasPrevious: false });
    expect(paginate(0, 20, 20)).toMatchObject({ totalPages: 1, hasNext: false });
  });

  it('echoes a page beyond the end: no next page, a previous one', () => {
    expect(paginate(10, 20, 45)).toEqual({ page: 10, size: 20, total: 45, totalPages: 3, hasNext: false, hasPrevious: true });
  });

  it('works with size 1 and the maximum size', () => {
    expect(paginate(4, 1, 5)).toMatchObject({ totalPages: 5, hasNext: false, hasPrevious: true });
    expect(paginate(0, MAX_PAGE_SIZE, 101)).toMatchObject({ totalPages: 2, hasNext: true });
  });
});

describe('pageWindow', () => {
  it.each([
    [0, 20, 0],
    [1, 20, 20],
    [3, 7, 21],
  ])('page %d of size %d skips %d rows', (page, size, skip) => {
    expect(pageWindow({ page, size })).toEqual({ skip, take: size });
  });
});
