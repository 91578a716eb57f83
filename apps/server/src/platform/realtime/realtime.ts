/**
 * Realtime fan-out: an event published on any instance reaches the sockets of every instance
 * that listen to its channel. In process by default; through one Redis pub/sub topic when
 * REDIS_URL is set (each instance delivers its own events at once and ignores their echo).
 *
 * The topic and the presence key carry an id generated once per database (kept in `settings`),
 * so instances on one database share them and other deployments (or test databases) on the same
 * Redis never see each other's events.
 * Events are published after the change they describe has committed: a client that misses one
 * (disconnected, another instance down) reads it from the database when it reconnects.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type Redis from "ioredis";
import { settings } from "../../db/schema";
import type { Db } from "../db/client";
import { DEFAULT_LIMITS, type Envelope, Hub, type HubLimits } from "./hub";
import { Presence } from "./presence";

interface Wire extends Envelope {
  /** The publishing instance. */
  o: string;
}

export class Realtime {
  readonly instanceId = randomUUID();
  readonly hub: Hub;
  readonly presence: Presence;
  private subscriber: Redis | undefined;
  /** Settles when this instance receives other instances' events (at once without Redis). */
  ready: Promise<void> = Promise.resolve();

  private constructor(
    private readonly redis: Redis | undefined,
    private readonly topic: string,
    private readonly log: FastifyBaseLogger,
    limits: HubLimits,
  ) {
    this.hub = new Hub(limits);
    this.hub.onSlowConsumer = (client) =>
      log.warn(
        { client: client.id, subscriptions: client.subscriptions.length },
        "slow WebSocket consumer cut off",
      );
    this.presence = new Presence(redis, `${topic}:presence`, this.instanceId);
  }

  static async create(opts: {
    db: Db;
    redis?: Redis | undefined;
    log: FastifyBaseLogger;
    limits?: Partial<HubLimits>;
  }): Promise<Realtime> {
    const topic = opts.redis ? `portico:rt:${await deploymentId(opts.db)}` : "portico:rt:local";
    const realtime = new Realtime(opts.redis, topic, opts.log, { ...DEFAULT_LIMITS, ...opts.limits });
    if (opts.redis) realtime.listen(opts.redis);
    return realtime;
  }

  /**
   * A second connection: a Redis connection in subscriber mode can do nothing else. Not awaited:
   * the app starts (and reports Redis in /readyz) while Redis is down; ioredis subscribes again
   * after every reconnection. `ready` settles once the first subscription holds.
   */
  private listen(redis: Redis) {
    const subscriber = redis.duplicate({ lazyConnect: false, enableOfflineQueue: true });
    this.subscriber = subscriber;
    subscriber.on("error", (err) => this.log.warn({ err }, "realtime subscriber"));
    subscriber.on("message", (_topic: string, raw: string) => {
      let wire: Wire;
      try {
        wire = JSON.parse(raw) as Wire;
      } catch {
        return;
      }
      if (wire.o === this.instanceId) return;
      this.hub.deliver({ channel: wire.channel, frame: wire.frame, revision: wire.revision });
    });
    this.ready = subscriber.subscribe(this.topic).then(
      () => undefined,
      (err: unknown) => this.log.warn({ err }, "realtime subscribe failed"),
    );
  }

  /** Sends `frame` to every socket on `channel`, on every instance. */
  publish(channel: string, frame: object, revision?: number) {
    const envelope: Envelope = { channel, frame: JSON.stringify(frame), revision };
    this.hub.deliver(envelope);
    if (!this.redis) return;
    const wire: Wire = { ...envelope, o: this.instanceId };
    this.redis.publish(this.topic, JSON.stringify(wire)).catch((err: unknown) => {
      // Committed already: clients on other instances get it from the database when they reconnect.
      this.log.error({ err, channel }, "realtime publish failed");
    });
  }

  async close() {
    this.hub.close();
    await this.presence.close();
    this.subscriber?.disconnect();
  }
}

const NAMESPACE_KEY = "realtime_namespace";

async function deploymentId(db: Db): Promise<string> {
  await db.insert(settings).values({ key: NAMESPACE_KEY, value: randomUUID() }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, NAMESPACE_KEY));
  if (!row) throw new Error("realtime namespace missing from settings");
  return row.value;
}
