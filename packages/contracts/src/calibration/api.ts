import { endpoint } from '../api/endpoint';
import { ROUTES } from '../api/routes';
import { ErrorResponse } from '../common/envelope';
import { CalibrationQuery, GetCalibrationResponse, GetEvidenceCoverageResponse, GetStrategyRecordResponse, StrategyRecordQuery } from './endpoints';

const errors = { 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse };

/** Calibration and strategy-record endpoints. */
export const calibrationApi = {
  getCalibration: endpoint(ROUTES.getCalibration, {
    tags: ['signals'],
    summary: 'Calibration of the stated touch / breakthrough probabilities per kind and timeframe: reliability diagram by decile with n, Brier score and skill against the base rate, calibrated verbal scale',
    querystring: CalibrationQuery,
    response: { 200: GetCalibrationResponse, ...errors },
  }),
  getStrategyRecord: endpoint(ROUTES.getStrategyRecord, {
    tags: ['signals'],
    summary: 'Track record of the stored strategies per author, coin and timeframe: entered, first target before invalidation, mean return after fees vs holding the coin',
    querystring: StrategyRecordQuery,
    response: { 200: GetStrategyRecordResponse, ...errors },
  }),
  getEvidenceCoverage: endpoint(ROUTES.getEvidenceCoverage, {
    tags: ['signals'],
    summary: 'Coverage of the evidence: the coins with stored candles and the first and last candle of each coin × timeframe, for the survivorship and coverage note beside every record',
    response: { 200: GetEvidenceCoverageResponse, ...errors },
  }),
};
