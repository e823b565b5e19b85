import type { FastifyInstance } from 'fastify';
import { DEMO_ADS, DEMO_USERS } from './demo';
import { demoImage } from './demo-images';

/** The first demo ads get a second picture, so galleries have something to page through. */
const ADS_WITH_TWO_PICTURES = 3;
const HUE_STEP = 29;

/**
 * Gives each demo ad its pictures through the same path a seller's upload takes (checked,
 * re-encoded, thumbnailed). It only touches demo ads that have none, so it does its work once and
 * repairs a first start that was interrupted.
 */
export async function seedDemoMedia(app: FastifyInstance): Promise<number> {
  const bare = await app.db
    .selectFrom('ads')
    .innerJoin('users', 'users.id', 'ads.owner_id')
    .select(['ads.id', 'ads.title', 'ads.owner_id'])
    .where('ads.main_image_id', 'is', null)
    .where('users.email', 'in', DEMO_USERS.map((user) => user.email))
    .where('ads.title', 'in', DEMO_ADS.map((ad) => ad.title))
    .execute();
  for (const ad of bare) {
    const index = DEMO_ADS.findIndex((demo) => demo.title === ad.title);
    const pictures = index < ADS_WITH_TWO_PICTURES ? 2 : 1;
    for (let position = 0; position < pictures; position += 1) {
      const item = await app.media.saveUpload({ ownerId: ad.owner_id, name: `demo-${index + 1}-${position + 1}.jpg`, content: [await demoImage(`${ad.title}:${position}`, (index * HUE_STEP + position * 140) % 360)] });
      await app.db.updateTable('media').set({ ad_id: ad.id, position }).where('id', '=', item.id).execute();
      if (position === 0) await app.db.updateTable('ads').set({ main_image_id: item.id }).where('id', '=', ad.id).execute();
    }
  }
  return bare.length;
}
