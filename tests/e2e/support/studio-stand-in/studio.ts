/**
 * The Studio side of the Presentation tool's connection with the overlay, as the Studio sets it
 * up (sanity/presentation): a comlink controller on the preview frame and the `presentation`
 * channel to `visual-editing`, answering the overlay's requests. What the overlay sends is kept
 * on `window.studio` for the test to read; `window.studio.refresh` sends what the tool sends
 * after an edit.
 */
import { createConnectionMachine, createController } from '@sanity/comlink';
import { createCompatibilityActors, type VisualEditingControllerMsg, type VisualEditingNodeMsg } from '@sanity/presentation-comlink';

type Received = { type: string; data: unknown };
type Refresh = Extract<VisualEditingControllerMsg, { type: 'presentation/refresh' }>['data'];
const studio = {
  status: 'idle',
  received: [] as Received[],
  /** What the Presentation tool sends after an edit in the Studio: the preview should refresh. */
  refresh: (data: Refresh) => channel.post('presentation/refresh', data),
};
(window as unknown as { studio: typeof studio }).studio = studio;

const frame = document.querySelector('iframe')!;
const controller = createController({ targetOrigin: new URL(frame.src).origin });
controller.addTarget(frame.contentWindow!);
const channel = controller.createChannel<VisualEditingControllerMsg, VisualEditingNodeMsg>(
  { name: 'presentation', heartbeat: true, connectTo: 'visual-editing' },
  createConnectionMachine<VisualEditingControllerMsg, VisualEditingNodeMsg>().provide({ actors: createCompatibilityActors<VisualEditingControllerMsg>() }),
);
channel.onStatus((event) => {
  studio.status = event.status;
});
const record = (type: string) => (data: unknown) => {
  studio.received.push({ type, data });
  return undefined;
};
for (const type of [
  'visual-editing/focus',
  'visual-editing/navigate',
  'visual-editing/meta',
  'visual-editing/documents',
  'visual-editing/toggle',
  'visual-editing/refreshed',
] as const) {
  channel.on(type, record(type));
}
// Requests the overlay waits for an answer to.
channel.on('visual-editing/features', () => ({ features: { optimistic: false } }));
channel.on('visual-editing/fetch-perspective', () => ({ perspective: 'drafts' as const }));
channel.on('visual-editing/schema', () => ({ schema: [] }));
channel.on('visual-editing/schema-union-types', () => ({ types: new Map() }));
channel.on('visual-editing/preview-snapshots', () => ({ snapshots: [] }));
channel.start();
