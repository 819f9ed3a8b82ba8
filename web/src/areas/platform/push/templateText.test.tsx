import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import "../../../ui/test-utils.tsx";
import { TemplateBody, templateWords } from "./templateText.tsx";

const WECHAT = '{"first":"${touser}，您有新的客户预约","keyword1":"${address}","keyword2":"${msgTime}","remark":"请及时处理"}';

describe("push template text", () => {
  it("reads a WeChat template's fields and placeholders in Chinese, keeping unknown ones as written", () => {
    expect(templateWords(WECHAT)).toBe("首行：〔接收人〕，您有新的客户预约；关键词1：〔地址〕；关键词2：〔时间〕；备注：请及时处理");
    expect(templateWords("${touser}您好，${other}")).toBe("〔接收人〕您好，${other}");
  });

  it("shows the words with the template as written in the tooltip, each code in its own", () => {
    const { container } = render(<TemplateBody text={WECHAT} />);
    expect(container.firstElementChild).toHaveAttribute("title", WECHAT);
    expect(container).toHaveTextContent("首行：接收人，您有新的客户预约；关键词1：地址");
    expect(container).not.toHaveTextContent("keyword1");
    expect(screen.getByText("关键词1：")).toHaveAttribute("title", "模板字段 keyword1");
    expect(screen.getAllByText("接收人")[0]).toHaveAttribute("title", "占位符 ${touser}");
  });
});
