/**
 * The status regions in Chromium's own accessibility tree (read over the DevTools protocol), each
 * with its accessibility object, its DOM node and its text. A screen reader announces a status
 * only when its text changes in a region already in that tree: a message that appears in a region
 * that was hidden until then (or whose accessibility object is made anew) is never announced.
 *
 *   const before = await statusRegions(page);
 *   // … the action that shows the message …
 *   const shown = (await statusRegions(page)).find((r) => r.text === 'Saved.');
 *   expect(before).toContainEqual({ ...shown, text: '' });
 */
import type { Page } from '@playwright/test';

export interface StatusRegion {
  /** Chromium's id of the accessibility object, the same for the object's whole life. */
  ax: string;
  /** Chromium's id of the DOM node, the same for the node's whole life. */
  node: number;
  text: string;
}

export async function statusRegions(page: Page): Promise<StatusRegion[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodes } = await cdp.send('Accessibility.queryAXTree', {
      nodeId: root.nodeId,
      role: 'status',
    });
    return await Promise.all(
      nodes
        .filter((axNode) => !axNode.ignored && axNode.backendDOMNodeId !== undefined)
        .map(async (axNode) => {
          const node = axNode.backendDOMNodeId as number;
          const { object } = await cdp.send('DOM.resolveNode', { backendNodeId: node });
          const { result } = await cdp.send('Runtime.callFunctionOn', {
            objectId: object.objectId,
            functionDeclaration: 'function () { return this.textContent; }',
            returnByValue: true,
          });
          return { ax: axNode.nodeId, node, text: String(result.value ?? '') };
        }),
    );
  } finally {
    await cdp.detach();
  }
}
