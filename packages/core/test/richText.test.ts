import { describe, it, expect } from "vitest";
import { sanitizeRichText } from "../src/kernel/richText.ts";

/** Stored rich text keeps what the editor writes and loses anything that could run (issue 10). */
describe("rich text on the server", () => {
  it("keeps the editor's formatting, links and pictures", () => {
    const html =
      '<h2>酒店介绍</h2><p><strong>海景</strong>房<em>含早</em></p><ul><li>泳池</li></ul><p><a href="https://example.com/x" target="_blank">详情</a><img src="/uploader/files/a.png" alt="外观"></p>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>酒店介绍</h2><p><strong>海景</strong>房<em>含早</em></p><ul><li>泳池</li></ul><p><a href="https://example.com/x" target="_blank" rel="noopener noreferrer">详情</a><img src="/uploader/files/a.png" alt="外观"></p>',
    );
  });

  it("removes scripts, event handlers, javascript: URLs, frames and styles that load", () => {
    const out = sanitizeRichText(
      '<p onclick="steal()">a<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><iframe src="https://evil"></iframe><a href="data:text/html,<script>1</script>">d</a><p style="background:url(javascript:alert(1))">s</p><svg onload=alert(1)>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|onload|javascript:|iframe|data:|svg/i);
    expect(out).toContain("<p>a</p>");
  });

  it("leaves plain text and empty content alone", () => {
    expect(sanitizeRichText("")).toBe("");
    expect(sanitizeRichText("只有文字 & 符号")).toBe("只有文字 & 符号");
  });
});
