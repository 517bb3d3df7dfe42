/**
 * The live regions of the page (status, alert and aria-live elements) as Chromium's own
 * accessibility tree has them (read over the DevTools protocol), each with its accessibility
 * object, its DOM node and its text. A screen reader announces a status only when its text changes
 * in a region already in that tree: a message that appears in a region that was hidden until then
 * (or whose accessibility object is made anew) is never announced.
 *
 *   const before = await liveRegions(page);
 *   // … the action that shows the message …
 *   const shown = (await liveRegions(page)).find((r) => r.text === 'Saved.');
 *   expect(before).toContainEqual({ ...shown, text: '' });
 */
import type { Page } from '@playwright/test';

export interface LiveRegion {
  /** Chromium's id of the accessibility object, the same for the object's whole life. */
  ax: string;
  /** Chromium's id of the DOM node, the same for the node's whole life. */
  node: number;
  text: string;
}

const LIVE = '[role="status"], [role="alert"], [aria-live]';

export async function liveRegions(page: Page): Promise<LiveRegion[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
      nodeId: root.nodeId,
      selector: LIVE,
    });
    const regions: LiveRegion[] = [];
    for (const nodeId of nodeIds) {
      const { node } = await cdp.send('DOM.describeNode', { nodeId });
      const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
        backendNodeId: node.backendNodeId,
        fetchRelatives: false,
      });
      const ax = nodes[0];
      // Not in the accessibility tree (hidden): nothing said there is announced.
      if (!ax || ax.ignored) continue;
      const { object } = await cdp.send('DOM.resolveNode', { backendNodeId: node.backendNodeId });
      const { result } = await cdp.send('Runtime.callFunctionOn', {
        objectId: object.objectId,
        functionDeclaration: 'function () { return this.textContent; }',
        returnByValue: true,
      });
      regions.push({ ax: ax.nodeId, node: node.backendNodeId, text: String(result.value ?? '') });
    }
    return regions;
  } finally {
    await cdp.detach();
  }
}
