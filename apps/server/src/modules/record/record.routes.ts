import type { FastifyInstance } from 'fastify';
import { recordApi as api } from '@coinlens/contracts/record/api';
import { LIMITS } from '../../platform/rate-limit';
import { heavyRead } from '../../platform/read-gate';
import { route } from '../../platform/route';
import type { NewsRecordService } from './news-record.service';
import type { RecordService } from './record.service';
import { GENESIS_HASH } from './record-chain';

const config = { rateLimit: LIMITS.read };

/** The tamper-evident record (daily roots, entries) and the News record: fair-use public reads. */
export async function recordRoutes(app: FastifyInstance, deps: { record: RecordService; newsRecord: NewsRecordService }) {
  // Two indexed reads per request (the days are kept by the service): not worth a read-gate slot.
  route(app, api.getRecordRoots, { config }, async () => {
    const { head, days } = await deps.record.roots();
    return {
      result: {
        algorithm: 'sha256' as const,
        canonical_form: 'RFC 8785' as const,
        genesis: GENESIS_HASH,
        head: head ? { seq: head.seq, kind: head.kind, ref: head.ref, stated_at: head.stated_at, appended_at: head.appended_at, prev_hash: head.prev_hash, hash: head.hash } : null,
        days,
      },
    };
  });
  route(app, api.getRecordEntries, { config }, async (req) => ({ result: await heavyRead(req, () => deps.record.entries(req.query.after_seq, req.query.limit)) }));
  // Only a computation takes a read-gate slot; a record computed less than its TTL ago is served as is.
  route(app, api.getNewsRecord, { config }, async (req) => ({ result: deps.newsRecord.fresh() ? await deps.newsRecord.record(req.query) : await heavyRead(req, () => deps.newsRecord.record(req.query)) }));
}
