import type { FastifyInstance } from 'fastify';
import { calibrationApi as api } from '@coinlens/contracts/calibration/api';
import { LIMITS } from '../../platform/rate-limit';
import { heavyRead } from '../../platform/read-gate';
import { route } from '../../platform/route';
import type { MarketService } from '../market/market.service';
import type { CalibrationService } from './calibration.service';

const config = { rateLimit: LIMITS.read };

/**
 * Calibration of the stated probabilities and the strategy track record:
 * fair-use reads (RATE_LIMIT_READS_PER_MINUTE per IP and route, through the read gate).
 */
export async function calibrationRoutes(app: FastifyInstance, deps: { calibration: CalibrationService; market: MarketService }) {
  route(app, api.getCalibration, { config }, async (req) => ({ result: await heavyRead(req, () => deps.calibration.calibration(req.query)) }));
  route(app, api.getStrategyRecord, { config }, async (req) => {
    const coin = req.query.coin ? deps.market.resolve(req.query.coin) : undefined;
    return { result: await heavyRead(req, () => deps.calibration.strategyRecord({ ...req.query, coin })) };
  });
  route(app, api.getEvidenceCoverage, { config }, async (req) => ({ result: await heavyRead(req, () => deps.calibration.coverage()) }));
}
