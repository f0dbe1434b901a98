// An answer checked against its procedure's output schema and serialized once, to be sent many times as it
// is. A procedure whose answer is large and seldom changes (a process instance's incidents) keeps one and
// returns it again while it is still true: the REST transport writes its JSON without parsing or
// serializing anything again; every other transport (tRPC, the console's in-process caller, the event
// stream) gets the plain value back (server/procedure-chain.ts, step 5). The output check is not skipped,
// only done once: an answer is sent as it is only to a procedure whose output schema is the one that checked
// it; any other parses its value anew.

interface Schema {
  parse(value: unknown): unknown;
}

export class SerializedAnswer<T = unknown> {
  /** Only for the types: the value this answer stands for. */
  declare readonly valueType?: T;

  private constructor(
    /**
     * The checked answer's JSON, as UTF-8 bytes. Bytes, not a string: Node's `res.end` joins a string body to
     * the response's head, and writing that joined string copied the whole answer into a new one on every
     * request; a buffer is written as it is.
     */
    readonly json: Buffer,
    /** The schema that checked it. */
    readonly checkedBy: Schema,
  ) {}

  /** `value` as `schema` parses it (throwing as a procedure's output check would), serialized. */
  static of<T>(schema: Schema & { parse(value: unknown): T }, value: unknown): SerializedAnswer<T> {
    return new SerializedAnswer<T>(Buffer.from(JSON.stringify(schema.parse(value))), schema);
  }

  /** The answer as a plain value, for a transport that serializes it itself. */
  value(): unknown {
    return JSON.parse(this.json.toString()) as unknown;
  }
}

/**
 * The answer as a resolver's type: tRPC types a resolver by its output schema, and the chain turns the
 * SerializedAnswer into that value, or sends its JSON as it is (server/procedure-chain.ts, step 5).
 */
export const asResolved = <T>(answer: SerializedAnswer<T>): T => answer as unknown as T;
