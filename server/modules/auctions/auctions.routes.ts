import fp from 'fastify-plugin';
import { devToolRoute } from '../../local-request';
import addParticipantRoute from './add-participant.route';
import buyNowRoute from './buy-now.route';
import decideJoinRequestRoute from './decide-join-request.route';
import devEndAuctionSoonRoute from './dev-end-auction-soon.route';
import finaliseAuctionRoute from './finalise-auction.route';
import getAuctionRoute from './get-auction.route';
import listParticipantsRoute from './list-participants.route';
import placeBidRoute from './place-bid.route';
import requestToJoinRoute from './request-to-join.route';
import startNextSubAuctionRoute from './start-next-sub-auction.route';

/** An auction's live state, its commands and its participants, under the ad's own /api/ads/:slug. */
export default fp(
  async (app) => {
    await app.register(
      async (auction) => {
        await auction.register(getAuctionRoute);
        await auction.register(placeBidRoute);
        await auction.register(buyNowRoute);
        await auction.register(finaliseAuctionRoute);
        await auction.register(startNextSubAuctionRoute);
        await auction.register(requestToJoinRoute);
        await auction.register(listParticipantsRoute);
        await auction.register(addParticipantRoute);
        await auction.register(decideJoinRequestRoute);
      },
      { prefix: '/api/ads/:slug' },
    );
    // Its path is the client's (devEndAuctionSoonPath), under the API's base.
    await app.register(devToolRoute(devEndAuctionSoonRoute), { prefix: '/api' });
  },
  { name: 'auctions-routes', encapsulate: true, dependencies: ['database', 'clock', 'sessions', 'auctions', 'auction-deadlines', 'orders'] },
);
