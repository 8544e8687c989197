/** Small server-rendered pages (development provider, sign-in refusals) in NHS.UK style, no scripts. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const styles = `
body{margin:0;font-family:Frutiger W01,Arial,sans-serif;font-size:19px;line-height:1.5;color:#212b32;background:#f0f4f5}
a{color:#005eb8}a:focus,.button:focus{outline:4px solid transparent;box-shadow:0 -2px #ffeb3b,0 4px #212b32;background:#ffeb3b;color:#212b32}
.header{background:#005eb8;color:#fff;padding:16px 0}.header p{margin:0;font-weight:600;font-size:22px}
.width{max-width:960px;margin:0 auto;padding:0 16px}main{padding:32px 0 48px}
h1{font-size:36px;line-height:1.2;margin:0 0 24px}h2{font-size:24px;margin:0 0 8px}
.lede{font-size:22px}.accounts{list-style:none;padding:0;margin:0}
.account{background:#fff;border:1px solid #d8dde0;padding:16px 24px;margin-bottom:16px}
.account-role{margin:0 0 16px}.hint{color:#4c6272}
.button{font:inherit;font-weight:600;background:#007f3b;color:#fff;border:0;border-radius:4px;box-shadow:0 4px 0 #00401e;padding:12px 16px;cursor:pointer;margin:0 8px 16px 0}
.button.secondary{background:#4c6272;box-shadow:0 4px 0 #263139}
.error-summary{border:4px solid #d5281b;background:#fff;padding:16px;margin-bottom:24px}
`;

export function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - Data Collection Framework</title>
<style>${styles}</style>
</head>
<body>
<header class="header" role="banner"><div class="width"><p>Data Collection Framework</p></div></header>
<div class="width"><main id="maincontent">${body}</main></div>
</body>
</html>`;
}
