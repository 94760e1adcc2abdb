// One log line per request, written when the answer has gone out: method, URL, status and time together.
// Fastify's default writes two (on arrival and on completion); on the generation path that is six lines per
// job, each serialised and written synchronously. A request that never completes is still visible: its
// trace span stays open, and an error in it is logged where it happens.
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Credentials a URL may carry (EventSource cannot send headers: ?access_token=); never written to logs. */
const SECRET_PARAMS = /([?&](?:access_token|token|key)=)[^&]*/gi;

export function withoutSecrets(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = {
      req: { method: request.method, url: withoutSecrets(request.url), remoteAddress: request.ip },
      res: { statusCode: reply.statusCode },
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export const requestLog = () => new OneLinePerRequest();
