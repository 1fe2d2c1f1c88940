/**
 * The back office's clinics and price lists (issue 37), each one `staffResource` (`../staff-resource.ts`):
 * price lists are created, changed and deleted; clinics are their members' to create, staff only read them
 * and set the «проверена» mark and the price list.
 */
import { createPriceList, deletePriceList, updatePriceList } from '../../clinics/price-lists.service.ts';
import { findPriceListForStaff, listPriceListsForStaff } from '../../clinics/price-lists.queries.ts';
import { findClinicForStaff, listClinicsForStaff } from '../../clinics/staff-clinics.queries.ts';
import { updateClinicAsStaff } from '../../clinics/staff-clinics.service.ts';
import { staffResource } from '../staff-resource.ts';
import * as m from './staff-clinics.mappers.ts';
import * as s from './staff-clinics.schemas.ts';

export const priceLists = staffResource({
  name: 'price_lists',
  one: 'price list',
  summaries: {
    list: 'Every price list by name, with its discounts, how many fixed prices it has and the clinics given it',
    retrieve: 'One price list with its discounts, every fixed price (with the public price beside it) and its clinics',
    create: 'Add a price list of one country: discounts in percent (overall, per brand, per category) and fixed prices',
    partial_update:
      'Change the fields sent: `rules` replaces every discount, `prices` adds or changes fixed prices, `remove_prices` takes some away',
    destroy: 'Delete a price list (400 while clinics use it: take it from them first)',
  },
  deleteRefusal: 'Clinics use it',
  schemas: {
    query: s.priceListListQuery,
    page: s.priceListPageSchema,
    item: s.priceListSchema,
    create: s.priceListCreateBody,
    update: s.priceListUpdateBody,
  },
  service: {
    list: (q) => listPriceListsForStaff({ search: q.search, country: q.country, limit: q.limit, offset: q.offset }),
    get: (id) => findPriceListForStaff(id),
    create: (actor, body) =>
      createPriceList(actor, { ...m.toPriceListFields(body), name: body.name, country: body.country }),
    update: (actor, id, body) => updatePriceList(actor, id, m.toPriceListFields(body)),
    delete: deletePriceList,
  },
  toJson: m.toPriceListJson,
});

export const clinics = staffResource({
  name: 'clinics',
  one: 'clinic',
  summaries: {
    list: 'Every clinic, newest first: search by name or ИНН/БИН, filter by country, «проверена», price list',
    retrieve:
      "One clinic: requisites, members with roles and addresses, the newest orders the shop has of it (not those awaiting the owner's approval), its price list",
    partial_update:
      "Set «проверена» (`verified`, after checking the ИНН/БИН) or the clinic's price list (one of its country; null: public prices)",
  },
  schemas: {
    query: s.staffClinicListQuery,
    page: s.staffClinicPageSchema,
    item: s.staffClinicSchema,
    update: s.staffClinicUpdateBody,
  },
  service: {
    list: (q) =>
      listClinicsForStaff({
        search: q.search,
        country: q.country,
        verified: q.verified,
        priceList: q.price_list,
        limit: q.limit,
        offset: q.offset,
      }),
    get: (id) => findClinicForStaff(id),
    update: (actor, id, body) =>
      updateClinicAsStaff(actor, id, { verified: body.verified, priceList: body.price_list, owner: body.owner }),
  },
  toJson: m.toStaffClinicJson,
});

/** In the order the OpenAPI document lists them. */
export const staffClinicTables = [clinics, priceLists];
