import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Category, categoryTreeSchema } from '../../../domain/catalog';
import { nameOf } from '../../db/localized-name';

/** The whole category tree with subcategories and their brands: small, read on every page. */
const listCategoriesRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('/categories', { schema: { response: { 200: categoryTreeSchema } } }, async (_request, reply) => {
    const [categories, brands] = await Promise.all([
      app.db.selectFrom('categories').selectAll().orderBy('sort_order').orderBy('id').execute(),
      app.db.selectFrom('brands').selectAll().orderBy('name_en').execute(),
    ]);
    const tree: Category[] = categories
      .filter((category) => category.parent_id === null)
      .map((top) => ({
        id: top.id,
        slug: top.slug,
        icon: top.icon,
        name: nameOf(top),
        children: categories
          .filter((child) => child.parent_id === top.id)
          .map((child) => ({
            id: child.id,
            slug: child.slug,
            icon: child.icon,
            name: nameOf(child),
            brands: brands.filter((brand) => brand.category_id === child.id).map((brand) => ({ id: brand.id, name: nameOf(brand) })),
          })),
      }));
    reply.header('Cache-Control', 'public, max-age=300');
    return tree;
  });
};
export default listCategoriesRoute;
