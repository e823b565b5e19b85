import fp from 'fastify-plugin';
import { seedDemoMedia } from '../db/seed/demo-media';

/** Pictures for the demo ads once the media service is up (the seed itself runs before it exists). */
export default fp(
  async (app) => {
    if (!app.config.seedDemoMedia) return;
    const pictured = await seedDemoMedia(app);
    if (pictured > 0) app.log.info({ ads: pictured }, 'demo pictures added');
  },
  { name: 'demo-media', dependencies: ['database', 'media'] },
);
