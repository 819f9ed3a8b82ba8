// The public website (portal home, menus, information pages) comes with the website issue.
document.getElementById("app")!.textContent = "享域酒店会员俱乐部";
