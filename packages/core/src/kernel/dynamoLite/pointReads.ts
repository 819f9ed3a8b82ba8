/**
 * A request's GetItems issued in the same turn of the event loop travel as one BatchGetItem
 * (issue 39: a guarded request's session check reads the tenant's gate beside the route's own
 * point reads — a list's total, a record by id — and each extra call is a signed HTTPS round trip
 * of CPU on a small Lambda). Reads are held until the turn's synchronous work and microtasks are
 * done (`setImmediate`), so a request's independent reads, started one after another without I/O
 * in between, meet; a lone read goes out as the GetItem it was. Never two requests' reads: a batch
 * answers when its slowest read does, and under load (the load bench, 16 in flight) batches of
 * many requests' reads made every one of them wait for the others — slower than reading apart.
 * Answers are each GetItem's own: its item (projected as it asked) or none.
 *
 * Merged only when the answer cannot differ: the same table and consistency, no capacity report,
 * and projections of top-level attributes only (the batch asks for their union plus the key, and
 * each answer is cut back). A batch DynamoDB refuses as invalid is sent again read by read, so one
 * bad key fails only its own caller; keys left unprocessed (throttling, the 16 MB answer limit)
 * are read one by one.
 */
type Doc = Record<string, unknown>;
type GetInput = {
  TableName: string;
  Key: Doc;
  ConsistentRead?: boolean;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ReturnConsumedCapacity?: string;
};
/** Sends one document-level command (the client's own path: marshalling, observers, retries). */
export type SendDocument = (operation: "GetItem" | "BatchGetItem", input: Doc) => Promise<Doc>;

type Waiting = { input: GetInput; request: object; fields: string[] | null; resolve: (out: Doc) => void; reject: (e: unknown) => void };

/** BatchGetItem's limit of keys per call. */
const MAX_KEYS = 100;
const PLAIN_NAME = /^#?[A-Za-z0-9_]+$/;

/** The top-level attributes a projection names (null: the whole item), or undefined when it names a nested path. */
function projectedFields(input: GetInput): string[] | null | undefined {
  if (input.ProjectionExpression === undefined) return null;
  const fields: string[] = [];
  for (const token of input.ProjectionExpression.split(",").map((t) => t.trim())) {
    if (!PLAIN_NAME.test(token)) return undefined;
    const name = token.startsWith("#") ? input.ExpressionAttributeNames?.[token] : token;
    if (name === undefined) return undefined;
    fields.push(name);
  }
  return fields;
}

const keyOf = (key: Doc, names: string[]): string => JSON.stringify(names.map((n) => key[n]));
const pick = (item: Doc, fields: string[]): Doc => Object.fromEntries(fields.filter((f) => f in item).map((f) => [f, item[f]]));

export class PointReads {
  private waiting: Waiting[] = [];

  constructor(private readonly send: SendDocument) {}

  /**
   * Reads `input` with the other reads `request` (the request being served) makes in this turn; or
   * undefined when this GetItem cannot wait for company (a nested projection, a capacity report),
   * and the client sends it at once.
   */
  join(input: GetInput, request: object): Promise<Doc> | undefined {
    const fields = projectedFields(input);
    if (fields === undefined || input.ReturnConsumedCapacity) return undefined;
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => this.flush());
      this.waiting.push({ input, request, fields, resolve, reject });
    });
  }

  private flush(): void {
    const byRequest = new Map<object, Map<string, Waiting[]>>();
    for (const w of this.waiting.splice(0)) {
      const groups = byRequest.get(w.request) ?? new Map<string, Waiting[]>();
      byRequest.set(w.request, groups);
      const key = `${w.input.TableName}\u0000${w.input.ConsistentRead === true}`;
      const group = groups.get(key) ?? [];
      groups.set(key, group);
      group.push(w);
    }
    for (const groups of byRequest.values()) for (const group of groups.values()) for (let i = 0; i < group.length; i += MAX_KEYS) void this.read(group.slice(i, i + MAX_KEYS));
  }

  private async read(group: Waiting[]): Promise<void> {
    if (group.length === 1) return this.alone(group[0]!);
    try {
      const found = await this.batch(group);
      for (const w of group) {
        const key = found.keyOf(w);
        const item = found.items.get(key);
        if (found.unprocessed.has(key)) void this.alone(w);
        else w.resolve({ ...found.metadata, ...(item ? { Item: w.fields ? pick(item, w.fields) : item } : {}) });
      }
    } catch (e) {
      // A key of the wrong shape fails the whole batch: each read then gets its own answer.
      if ((e as { name?: string }).name === "ValidationException") for (const w of group) void this.alone(w);
      else for (const w of group) w.reject(e);
    }
  }

  private async alone(w: Waiting): Promise<void> {
    try {
      w.resolve(await this.send("GetItem", w.input));
    } catch (e) {
      w.reject(e);
    }
  }

  /** One BatchGetItem for the group's distinct keys: items and unprocessed keys by key. */
  private async batch(group: Waiting[]) {
    const { TableName: table, ConsistentRead } = group[0]!.input;
    const keyNames = Object.keys(group[0]!.input.Key).sort();
    const keyOfWaiting = (w: Waiting) => keyOf(w.input.Key, keyNames);
    const keys = new Map(group.map((w) => [keyOfWaiting(w), w.input.Key]));
    const wanted = group.some((w) => w.fields === null) ? null : [...new Set([...keyNames, ...group.flatMap((w) => w.fields!)])];
    const projection = wanted
      ? { ProjectionExpression: wanted.map((_, i) => `#p${i}`).join(", "), ExpressionAttributeNames: Object.fromEntries(wanted.map((f, i) => [`#p${i}`, f])) }
      : {};
    const out = await this.send("BatchGetItem", {
      RequestItems: { [table]: { Keys: [...keys.values()], ...(ConsistentRead ? { ConsistentRead } : {}), ...projection } },
    });
    const responses = ((out.Responses as Record<string, Doc[]> | undefined)?.[table] ?? []) as Doc[];
    const left = ((out.UnprocessedKeys as Record<string, { Keys?: Doc[] }> | undefined)?.[table]?.Keys ?? []) as Doc[];
    return {
      keyOf: keyOfWaiting,
      items: new Map(responses.map((item) => [keyOf(item, keyNames), item])),
      unprocessed: new Set(left.map((k) => keyOf(k, keyNames))),
      metadata: out.$metadata ? { $metadata: out.$metadata } : {},
    };
  }
}
