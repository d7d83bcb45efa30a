/** PostgreSQL's cancel request, sent on its own connection to stop a running query. */
import { connect } from "node:net";

/** What node-postgres knows of a connection: where it goes and the key that cancels its query. */
interface CancellableClient {
  readonly processID?: number | null;
  readonly secretKey?: number | null;
  readonly host?: string;
  readonly port?: number;
}

const CANCEL_REQUEST_CODE = 80877102;
const CANCEL_SOCKET_TIMEOUT_MS = 2_000;

/**
 * Asks PostgreSQL to cancel the query a connection is running, as `psql` does on Ctrl-C: a
 * CancelRequest on a new socket, carrying the backend's process id and secret key. It needs no
 * free pool connection and no authentication; the query then fails with 57014 and a write it was
 * doing is rolled back. Best effort: a cancel that cannot be delivered is dropped.
 */
export function sendCancelRequest(client: unknown): void {
  const { processID, secretKey, host, port } = client as CancellableClient;
  if (typeof processID !== "number" || typeof secretKey !== "number" || !host || !port) return;
  const packet = Buffer.alloc(16);
  packet.writeInt32BE(16, 0);
  packet.writeInt32BE(CANCEL_REQUEST_CODE, 4);
  packet.writeInt32BE(processID, 8);
  packet.writeInt32BE(secretKey, 12);
  const socket = host.startsWith("/") ? connect(`${host}/.s.PGSQL.${port}`) : connect(port, host);
  socket.setTimeout(CANCEL_SOCKET_TIMEOUT_MS, () => socket.destroy());
  socket.on("error", () => socket.destroy());
  socket.end(packet);
}
