/**
 * `import.xml` (and the numbered `import0_1.xml` newer 1C versions send): groups → categories (the tree,
 * by `Ид`), properties → specifications, `Изготовитель` or a «Производитель» property → brand, products →
 * products, pictures from the zip → the shop's photos. Written in one catalog change through the same
 * plan as a staff products import (`planProducts`, `applyProductsPlan`), so it is checked, journaled and
 * invalidated the same way; any error leaves the catalog as it was.
 */
import { sql } from 'drizzle-orm';
import { escapeMarkup } from '../../shared/escape.ts';
import { slugify } from '../../shared/slug.ts';
import { writeCatalog, type CatalogWrite } from '../catalog/catalog-write.ts';
import { loadProductsBySku, renameProducts, updateProducts, type ProductUpdate } from '../catalog/products.service.ts';
import { intArray, queryRows, textArray } from '../db/client.ts';
import { slices } from '../event-loop.ts';
import type { ProductRow } from '../imports/import.types.ts';
import { applyProductsPlan, planProducts } from '../imports/products-import.ts';
import { MediaRejected, storeImage } from '../media/media.service.ts';
import {
  readGroups,
  readProduct,
  readProperty,
  RecordError,
  type GroupRecord,
  type ProductRecord,
  type PropertyRecord,
} from './commerceml.ts';
import { loadIds, saveIds } from './exchange-ids.ts';
import type { ExchangeContext, ExchangeOutcome } from './exchange-run.ts';
import { elementFailure, isPackagePart, xmlFailure } from './exchange-run.ts';
import { elementName, xmlElements, XmlFileError, type XmlItem } from './xml-elements.ts';

const WANTED = [
  'Классификатор/Группы/Группа',
  'Классификатор/Свойства/Свойство',
  'Классификатор/Свойства/СвойствоНоменклатуры',
  'Каталог/Товары/Товар',
  'Каталог/СодержитТолькоИзменения',
];

/** Property names that mean the brand. */
const BRAND_PROPERTIES = new Set(['производитель', 'бренд', 'изготовитель', 'торговая марка']);
/** The category of products 1C puts in no group. */
const FALLBACK_CATEGORY = { slug: 'tovary-iz-1s', name: 'Товары из 1С' };

interface CatalogFile {
  groups: GroupRecord[];
  properties: PropertyRecord[];
  products: (ProductRecord & { line: number })[];
  changesOnly: boolean;
  hasCatalog: boolean;
}

/** Reads the file as a stream into its records. @throws ExchangeFailure naming the line and the reason */
export async function readCatalogFile(ctx: ExchangeContext): Promise<CatalogFile> {
  const headers = new Map<string, Record<string, string>>();
  const file: CatalogFile = { groups: [], properties: [], products: [], changesOnly: false, hasCatalog: false };
  const slice = slices(500);
  let item: XmlItem | undefined;
  try {
    for await (item of xmlElements(ctx.file(), WANTED, headers)) {
      const name = item.node.name;
      if (name === 'Группа') file.groups.push(...readGroups(item.node));
      else if (name === 'Свойство' || name === 'СвойствоНоменклатуры') file.properties.push(readProperty(item.node));
      else if (name === 'Товар') {
        file.products.push({ ...readProduct(item.node), line: item.line });
        if (file.products.length % 2000 === 0) await ctx.progress('reading', file.products.length, 0);
      } else if (name === 'СодержитТолькоИзменения') file.changesOnly = item.node.text === 'true';
      await slice.step();
    }
  } catch (error) {
    if (error instanceof XmlFileError) throw xmlFailure(ctx.filename, error.line, error.message);
    if (error instanceof RecordError)
      throw elementFailure(ctx.filename, item?.line ?? 0, error.message, item ? elementName(item.node) : null);
    throw error;
  }
  for (const [path, attrs] of headers) {
    if (path.endsWith('/Каталог')) {
      file.hasCatalog = true;
      if (attrs['СодержитТолькоИзменения'] === 'true') file.changesOnly = true;
    }
  }
  return file;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function importCatalog(ctx: ExchangeContext): Promise<ExchangeOutcome> {
  const file = await readCatalogFile(ctx);
  // One SKU for two of 1C's products would make them one product here: 1C must tell them apart first.
  const owners = new Map<string, ProductRecord & { line: number }>();
  for (const product of file.products) {
    const other = owners.get(product.sku);
    if (other && other.id !== product.id)
      throw elementFailure(
        ctx.filename,
        product.line,
        `артикул «${product.sku}» у двух товаров («${other.name}», Ид ${other.id}, и «${product.name}», Ид ${product.id}); сделайте артикулы разными в 1С`,
        `Товар ${product.id}`,
      );
    owners.set(product.sku, product);
  }
  await ctx.progress('checking', file.products.length, file.products.length);
  const pictures = await storePictures(ctx, file.products);

  return writeCatalog(ctx.actor, async (write) => {
    await write.tx.execute(sql`select pg_advisory_xact_lock(hashtext('import_1c'))`);
    const notes: string[] = [];
    const categoryIds = await writeGroups(write, file.groups);
    const specs = await writeProperties(write, file.properties);
    const productIds = await loadIds(
      write.tx,
      'product',
      file.products.map((p) => p.id),
    );
    const valueIds = await loadIds(
      write.tx,
      'value',
      file.products.flatMap((p) => p.properties.map((v) => v.value)),
    );

    // A SKU renamed in 1C: the product its Ид names takes the new SKU before the plan looks products up.
    const stored = await queryRows<{ id: number; sku: string; category_id: number }>(
      write.tx,
      sql`select id, sku, category_id from products where id = any(${intArray([...productIds.values()].map((r) => r.localId!))}::int[])`,
    );
    const byId = new Map(stored.map((r) => [Number(r.id), r]));
    const renames: { id: number; from: string; to: string; categoryId: number }[] = [];
    for (const product of file.products) {
      const known = byId.get(productIds.get(product.id)?.localId ?? -1);
      if (known && known.sku !== product.sku)
        renames.push({ id: Number(known.id), from: known.sku, to: product.sku, categoryId: Number(known.category_id) });
    }
    if (renames.length) {
      const taken = await queryRows<{ sku: string }>(
        write.tx,
        sql`select sku from products where sku = any(${textArray(renames.map((r) => r.to))}::text[])`,
      );
      if (taken.length) {
        const product = file.products.find((p) => p.sku === taken[0]!.sku)!;
        throw elementFailure(
          ctx.filename,
          product.line,
          `артикул «${product.sku}» товара ${product.id} уже занят другим товаром магазина`,
          `Товар ${product.id}`,
        );
      }
      await renameProducts(write, renames);
      notes.push(`Артикулы изменены: ${renames.map((r) => `${r.from} → ${r.to}`).join(', ')}.`);
    }

    let fallbackUsed = false;
    const rows: ProductRow[] = file.products.map((product, index) => {
      const groupId = product.groupIds.find((id) => categoryIds.has(id));
      let category: string | undefined;
      if (groupId) category = categoryIds.get(groupId)!.slug;
      else if (!productIds.has(product.id)) {
        category = FALLBACK_CATEGORY.slug;
        fallbackUsed = true;
      }
      let brand: string | undefined = product.maker || undefined;
      const specifications: Record<string, string[]> = {};
      for (const { id, value } of product.properties) {
        const words = valueIds.get(value)?.value ?? value;
        const spec = specs.get(id);
        // A reference value 1C did not describe in this exchange says nothing a person could read.
        if (!spec || GUID.test(words)) continue;
        if (spec.brand) brand ??= words;
        else (specifications[spec.slug] ??= []).push(words);
      }
      const images = product.pictures.flatMap((path) => (pictures.has(path) ? [pictures.get(path)!] : []));
      return {
        row: product.line,
        index,
        item: `Товар ${product.id}`,
        sku: product.sku,
        name: product.name || undefined,
        category,
        brand,
        description: product.description ? textToHtml(product.description) : undefined,
        isActive: !product.deleted,
        ...(images.length ? { images } : {}),
        ...(Object.keys(specifications).length ? { specifications } : {}),
      };
    });
    if (fallbackUsed) await ensureFallbackCategory(write);

    const plan = await planProducts(write, rows);
    if (plan.errors.length) {
      const first = plan.errors[0]!;
      const more = plan.errors.length > 1 ? ` (и ещё ошибок: ${plan.errors.length - 1})` : '';
      throw elementFailure(
        ctx.filename,
        first.row,
        `${first.value ? `«${first.value}»: ` : ''}${first.message}${more}`,
        first.item ?? null,
      );
    }
    const changed = await applyProductsPlan(write, plan);
    const ids = await queryRows<{ id: number; sku: string }>(
      write.tx,
      sql`select id, sku from products where sku = any(${textArray(file.products.map((p) => p.sku))}::text[])`,
    );
    const idOfSku = new Map(ids.map((r) => [r.sku, Number(r.id)]));
    await saveIds(
      write.tx,
      'product',
      file.products.map((p) => ({ externalId: p.id, localId: idOfSku.get(p.sku) ?? null, value: null })),
    );

    let hidden = 0;
    let deferred: ExchangeOutcome['deferred'];
    const full = file.hasCatalog && !file.changesOnly;
    // A numbered part holds only its share of the catalog: the session's end hides what no part held.
    if (full && isPackagePart(ctx.filename)) deferred = { kind: 'catalog', products: file.products.map((p) => p.id) };
    else if (full) hidden = await hideMissing(write, new Set(file.products.map((p) => p.id)));
    if (plan.newBrands.size)
      notes.push(`Созданы бренды: ${[...plan.newBrands.values()].map((b) => b.name).join(', ')}.`);
    if (hidden) notes.push(`Скрыто товаров, которых нет в файле: ${hidden}.`);
    return {
      counts: {
        rows: file.products.length,
        created: plan.drafts.length,
        updated: new Set([...changed, ...renames.map((r) => r.id)]).size,
        hidden,
        errors: 0,
      },
      notes,
      ...(deferred ? { deferred } : {}),
    };
  });
}

/** Plain text from 1C as the shop's rich text: paragraphs by blank lines, line breaks kept. */
function textToHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${escapeMarkup(p.trim()).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

/** Categories for 1C's groups: found by their Ид, else made; names and parents follow 1C. */
async function writeGroups(write: CatalogWrite, groups: readonly GroupRecord[]) {
  const known = await loadIds(
    write.tx,
    'group',
    groups.map((g) => g.id),
  );
  const existing = await queryRows<{ id: number; slug: string; name: string; parent_id: number | null }>(
    write.tx,
    sql`select id, slug, name, parent_id from categories`,
  );
  const byId = new Map(existing.map((c) => [Number(c.id), c]));
  const slugs = new Set(existing.map((c) => c.slug));
  const result = new Map<string, { id: number; slug: string }>();
  // Products may name groups of an earlier file: those are known by their Ид too.
  const all = await queryRows<{ external_id: string; local_id: number }>(
    write.tx,
    sql`select external_id, local_id from exchange_ids where kind = 'group' and local_id is not null`,
  );
  for (const row of all) {
    const category = byId.get(Number(row.local_id));
    if (category) result.set(row.external_id, { id: Number(category.id), slug: category.slug });
  }
  const touched: number[] = [];
  for (const group of groups) {
    const parentId = group.parentId ? (result.get(group.parentId)?.id ?? null) : null;
    const current = byId.get(known.get(group.id)?.localId ?? -1);
    if (current) {
      if (current.name !== group.name || (current.parent_id === null ? null : Number(current.parent_id)) !== parentId) {
        await write.tx.execute(
          sql`update categories set name = ${group.name}, parent_id = ${parentId} where id = ${current.id}`,
        );
        touched.push(Number(current.id));
      }
      result.set(group.id, { id: Number(current.id), slug: current.slug });
      continue;
    }
    let slug = slugify(group.name).slice(0, 180) || 'kategoriya';
    for (let n = 2; slugs.has(slug); n += 1) slug = `${slugify(group.name).slice(0, 180) || 'kategoriya'}-${n}`;
    slugs.add(slug);
    const [made] = await queryRows<{ id: number }>(
      write.tx,
      sql`insert into categories (slug, name, parent_id) values (${slug}, ${group.name}, ${parentId}) returning id`,
    );
    const id = Number(made!.id);
    result.set(group.id, { id, slug });
    byId.set(id, { id, slug, name: group.name, parent_id: parentId });
    touched.push(id);
  }
  await saveIds(
    write.tx,
    'group',
    groups.map((g) => ({ externalId: g.id, localId: result.get(g.id)!.id, value: null })),
  );
  if (touched.length) write.touchCategories(touched);
  return result;
}

async function ensureFallbackCategory(write: CatalogWrite): Promise<void> {
  await write.tx.execute(
    sql`insert into categories (slug, name) values (${FALLBACK_CATEGORY.slug}, ${FALLBACK_CATEGORY.name})
        on conflict (slug) do nothing`,
  );
}

/**
 * Specifications for 1C's properties (found by Ид, else by name, else made as text ones, not offered
 * as filters until staff say so), and the words of their values; a «Производитель» property is the brand.
 */
async function writeProperties(write: CatalogWrite, properties: readonly PropertyRecord[]) {
  const result = new Map<string, { slug: string; brand: boolean }>();
  const all = await queryRows<{ external_id: string; value: string | null; slug: string | null }>(
    write.tx,
    sql`select e.external_id, e.value, s.slug from exchange_ids e left join specifications s on s.id = e.local_id
        where e.kind = 'property'`,
  );
  for (const row of all)
    if (row.value === 'brand') result.set(row.external_id, { slug: '', brand: true });
    else if (row.slug) result.set(row.external_id, { slug: row.slug, brand: false });
  const specs = await queryRows<{ id: number; slug: string; name: string }>(
    write.tx,
    sql`select id, slug, name from specifications`,
  );
  const byName = new Map(specs.map((s) => [s.name.toLocaleLowerCase('ru'), s]));
  const slugs = new Set(specs.map((s) => s.slug));
  const saved: { externalId: string; localId: number | null; value: string | null }[] = [];
  for (const property of properties) {
    const lower = property.name.toLocaleLowerCase('ru');
    if (BRAND_PROPERTIES.has(lower)) {
      result.set(property.id, { slug: '', brand: true });
      saved.push({ externalId: property.id, localId: null, value: 'brand' });
    } else if (!result.has(property.id) || !result.get(property.id)!.slug) {
      let spec = byName.get(lower);
      if (!spec) {
        let slug = slugify(property.name).slice(0, 180) || 'harakteristika';
        for (let n = 2; slugs.has(slug); n += 1)
          slug = `${slugify(property.name).slice(0, 180) || 'harakteristika'}-${n}`;
        slugs.add(slug);
        const [made] = await queryRows<{ id: number }>(
          write.tx,
          sql`insert into specifications (slug, name, kind, is_filter) values (${slug}, ${property.name}, 'text', false) returning id`,
        );
        spec = { id: Number(made!.id), slug, name: property.name };
        byName.set(lower, spec);
        write.markChanged();
      }
      result.set(property.id, { slug: spec.slug, brand: false });
      saved.push({ externalId: property.id, localId: Number(spec.id), value: null });
    }
    await saveIds(
      write.tx,
      'value',
      [...property.values].map(([externalId, value]) => ({ externalId, localId: null, value })),
    );
  }
  await saveIds(write.tx, 'property', saved);
  return result;
}

/** Products 1C made earlier that a full catalog no longer holds: hidden, not deleted. */
export async function hideMissing(write: CatalogWrite, inFile: ReadonlySet<string>): Promise<number> {
  const rows = await queryRows<{ external_id: string; sku: string }>(
    write.tx,
    sql`select e.external_id, p.sku from exchange_ids e join products p on p.id = e.local_id
        where e.kind = 'product' and p.is_active`,
  );
  const missing = rows.filter((r) => !inFile.has(r.external_id)).map((r) => r.sku);
  if (!missing.length) return 0;
  const current = await loadProductsBySku(write, missing);
  const updates: ProductUpdate[] = [...current.values()].map((p) => ({
    id: p.id,
    sku: p.sku,
    fields: { isActive: false },
  }));
  return (await updateProducts(write, updates, current)).size;
}

/** Stores the pictures the products name from the session's files; a picture that is not one is skipped. */
async function storePictures(ctx: ExchangeContext, products: readonly ProductRecord[]): Promise<Map<string, string>> {
  const stored = new Map<string, string>();
  const paths = [...new Set(products.flatMap((p) => p.pictures))];
  let done = 0;
  for (const path of paths) {
    const bytes = await ctx.readFile(path);
    if (bytes?.length) {
      try {
        stored.set(path, (await storeImage(bytes)).url);
      } catch (error) {
        if (!(error instanceof MediaRejected)) throw error;
        ctx.note(`Картинка ${path} не принята: ${error.message}`);
      }
    } else ctx.note(`Картинки ${path} нет среди переданных файлов.`);
    if (++done % 50 === 0) await ctx.progress('pictures', done, paths.length);
  }
  return stored;
}
