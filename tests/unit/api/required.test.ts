import { describe, expect, it } from 'vitest';
import { getBrand, getCategory, getProduct, listProducts } from '~/lib/api/catalog.ts';
import { listContacts } from '~/lib/api/core.ts';
import { assertRequired, RequiredError } from '~/lib/api/required.ts';

const never = () => Promise.reject(new Error('no request expected'));

describe('assertRequired', () => {
  it('throws a RequiredError naming the parameter and the operation for undefined', () => {
    expect(() => assertRequired(undefined, 'slug', 'getProduct')).toThrow(new RequiredError('slug', 'getProduct'));
    expect(() => assertRequired(undefined, 'slug', 'getProduct')).toThrow(
      'Required parameter slug was null or undefined when calling getProduct.',
    );
  });

  it('throws for null', () => {
    expect(() => assertRequired(null, 'country', 'listProducts')).toThrow(RequiredError);
  });

  it('accepts falsy values that are present', () => {
    expect(() => assertRequired(0, 'id', 'getBrand')).not.toThrow();
    expect(() => assertRequired('', 'slug', 'getProduct')).not.toThrow();
    expect(() => assertRequired(false, 'is_filter', 'listSpecifications')).not.toThrow();
  });

  it('exposes the parameter and operation on the error', () => {
    const error = new RequiredError('id', 'getBrand');
    expect(error.name).toBe('RequiredError');
    expect(error.param).toBe('id');
    expect(error.operation).toBe('getBrand');
    expect(error).toBeInstanceOf(Error);
  });
});

describe('required parameters of the catalog calls', () => {
  it('rejects listProducts without a country before any request', () => {
    expect(() => listProducts({ country: undefined as never }, never)).toThrow(
      'Required parameter country was null or undefined when calling listProducts.',
    );
  });

  it('rejects getProduct without a slug or a country', () => {
    expect(() => getProduct(null as never, 'kg', never)).toThrow(
      'Required parameter slug was null or undefined when calling getProduct.',
    );
    expect(() => getProduct('x', undefined as never, never)).toThrow(
      'Required parameter country was null or undefined when calling getProduct.',
    );
  });

  it('rejects getCategory, getBrand and listContacts without their parameters', () => {
    expect(() => getCategory(undefined as never, never)).toThrow(
      'Required parameter slug was null or undefined when calling getCategory.',
    );
    expect(() => getBrand(undefined as never, never)).toThrow(
      'Required parameter id was null or undefined when calling getBrand.',
    );
    expect(() => listContacts({} as never, never)).toThrow(
      'Required parameter country was null or undefined when calling listContacts.',
    );
  });
});
