import { z } from 'zod';
import { resultOf } from '../common/envelope';
import { Coin, CoinRef } from '../market/coin';

/** A followed coin ("wraps a coin"); `created_date` is ISO 8601 UTC. */
export const Following = z.object({ id: z.number().int(), cryptocurrency: Coin, created_date: z.string() });
export type Following = z.infer<typeof Following>;

// GET /api/crypto/crypto_following (signed in) — newest first
export const GetFollowingResponse = resultOf(z.array(Following));

// POST | DELETE /api/crypto/crypto_following/{id} — {id}: coin id, slug or symbol
export const FollowingParams = z.object({ id: CoinRef });
export const FollowResponse = resultOf(z.object({ following: z.boolean(), cryptocurrency_id: z.number().int() }));
