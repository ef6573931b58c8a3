/**
 * A TCP relay to a real server that a test can cut: while `down`, every open connection is reset
 * and every new one closed at once, as a database host gone from the network looks to a client.
 */
import net from 'node:net';

export type TcpGate = { port: number; down: boolean; close(): Promise<void> };

export async function openTcpGate(target: { host: string; port: number }): Promise<TcpGate> {
  const sockets = new Set<net.Socket>();
  const gate: TcpGate = {
    port: 0,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
      if (value) for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const state = { down: false };
  const server = net.createServer((client) => {
    if (state.down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gate.port = (server.address() as net.AddressInfo).port;
  return gate;
}
