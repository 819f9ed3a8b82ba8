import { useEffect, useRef } from "react";
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import type { Me } from "../me.ts";
import { USER_BUTTON, UserBadge } from "./UserBadge.tsx";

/** The user menu itself (Headless UI's Menu, with its positioning): loaded beside the frame's first chunk. */
export function UserMenuDropdown({
  me,
  openNow,
  onChangePassword,
  onTwoFactor,
  onLogout,
}: {
  me: Me;
  openNow: boolean;
  onChangePassword: () => void;
  onTwoFactor: () => void;
  onLogout: () => void;
}) {
  // A click on the stand-in button before this chunk arrived is not lost: the menu opens as it mounts.
  const button = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (openNow && !opened.current) button.current?.click();
    opened.current = true;
  }, [openNow]);
  const item = "flex w-full items-center px-4 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900";
  return (
    <Menu>
      <MenuButton ref={button} className={USER_BUTTON}>
        <UserBadge me={me} />
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-50 mt-1 w-44 rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none">
        <div className="border-b border-slate-100 px-4 py-2 text-xs text-slate-500">
          {me.username}
          {me.roles.length > 0 && <div className="mt-0.5 truncate">{me.roles.map((r) => r.name).join("、")}</div>}
        </div>
        <MenuItem>
          <button type="button" className={item} onClick={onChangePassword}>
            修改密码
          </button>
        </MenuItem>
        <MenuItem>
          <button type="button" className={item} onClick={onTwoFactor}>
            两步验证
          </button>
        </MenuItem>
        <MenuItem>
          <button type="button" className={item} onClick={onLogout}>
            退出登录
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
