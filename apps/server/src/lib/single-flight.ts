/**
 * Concurrent loads of one key share one promise, so a burst of requests runs one statement. A
 * load begun under another `generation` (the data changed since it began) is not shared: the
 * callers that come after the change load anew.
 */
export class SingleFlight<T> {
  private readonly flights = new Map<string, { generation: number; result: Promise<T> }>();

  run(key: string, generation: number, load: () => Promise<T>): Promise<T> {
    const flight = this.flights.get(key);
    if (flight?.generation === generation) return flight.result;
    const result = load();
    this.flights.set(key, { generation, result });
    const landed = () => {
      // A newer load of the key may have taken this one's place.
      if (this.flights.get(key)?.result === result) this.flights.delete(key);
    };
    result.then(landed, landed);
    return result;
  }

  /** Loads under way, for tests. */
  get size(): number {
    return this.flights.size;
  }
}
