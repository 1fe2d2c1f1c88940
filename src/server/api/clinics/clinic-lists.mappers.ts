import type { ClinicList, ClinicListSummary } from '../../clinics/index.ts';

export function toClinicListSummaryJson(list: ClinicListSummary) {
  return {
    id: list.id,
    clinic: list.clinicId,
    name: list.name,
    item_count: list.itemCount,
    created_by: list.createdBy && {
      user: list.createdBy.id,
      email: list.createdBy.email,
      first_name: list.createdBy.firstName,
      last_name: list.createdBy.lastName,
    },
    created_at: list.createdAt.toISOString(),
    updated_at: list.updatedAt.toISOString(),
  };
}

export function toClinicListJson(list: ClinicList) {
  return {
    ...toClinicListSummaryJson(list),
    items: list.items.map(({ product: { listPrice, ...product }, quantity }) => ({
      product: { ...product, list_price: listPrice },
      quantity,
    })),
  };
}
