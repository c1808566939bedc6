// Baseline of the terminal benchmark: a bare `ws` server (no framework, no database) that speaks
// just enough of the channel for the same client: `welcome` on connect, `heartbeatAck {seq}` for
// every heartbeat (parsed as JSON, like the real server must). Prints its port, then serves.
// Usage: node echo-server.mjs  (PORT=0 picks a free port)
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({
  port: Number(process.env.PORT ?? 0),
  host: '127.0.0.1',
  maxPayload: 64 * 1024,
});
wss.on('listening', () => process.stdout.write(`listening ${wss.address().port}\n`));
let next = 1;
wss.on('connection', (ws) => {
  const terminalId = next++;
  ws.send(
    JSON.stringify({
      type: 'welcome',
      terminalId,
      state: 'claimed',
      pairingCode: null,
      name: `Echo ${terminalId}`,
      heartbeatSeconds: 30,
      serverTime: new Date().toISOString(),
      manifestVersion: null,
      settings: {},
    }),
  );
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data));
    if (msg.type === 'heartbeat') {
      ws.send(JSON.stringify({ type: 'heartbeatAck', seq: msg.seq, serverTime: new Date().toISOString() }));
    }
  });
});
process.on('SIGTERM', () => wss.close(() => process.exit(0)));
