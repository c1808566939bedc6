/**
 * Where this instance stands for the load balancer: serving, or draining (a SIGTERM came: the readiness
 * endpoint answers 503 so that the balancer sends new requests and connections elsewhere, the terminals are
 * told to reconnect, then the server stops). One per app, as `app.lifecycle`: the readiness route reads it and
 * `RunningServer.stop()` (server.ts) starts the drain.
 */
export class InstanceLifecycle {
  private since: number | null = null;

  /** Whether the instance is draining (it never comes back: a drained instance stops). */
  get draining(): boolean {
    return this.since !== null;
  }

  /** Milliseconds since the drain started, or null while serving. */
  drainingForMs(): number | null {
    return this.since === null ? null : Date.now() - this.since;
  }

  /** Starts draining (again: no change). */
  startDraining(): void {
    this.since ??= Date.now();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's lifecycle: draining or not (modules/health). */
    lifecycle: InstanceLifecycle;
  }
}
