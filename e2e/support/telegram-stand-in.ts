/**
 * The local Telegram Bot API stand-in of the end-to-end run (apps/server/test/telegram-stand-in.ts):
 * scripts/e2e.mjs starts it when E2E_TELEGRAM=1 and points the server's TELEGRAM_API_ROOT at it.
 * Specs play the Telegram client over its control routes (`POST /__stand-in/start`,
 * `GET /__stand-in/messages`). Prints `TELEGRAM_STAND_IN_READY {"url","token","bot"}` when listening.
 * Usage: node --import tsx e2e/support/telegram-stand-in.ts (TELEGRAM_STAND_IN_PORT, default any).
 */
import { TelegramStandIn } from '../../apps/server/test/telegram-stand-in';

const standIn = await new TelegramStandIn().start(Number(process.env.TELEGRAM_STAND_IN_PORT ?? 0));
process.stdout.write(`TELEGRAM_STAND_IN_READY ${JSON.stringify({ url: standIn.url, token: standIn.token, bot: standIn.bot.username })}\n`);
const stop = () => void standIn.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
