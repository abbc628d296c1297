/**
 * Writers that turn the rule set (scripts/hosts/host-rules.ts) and one build's facts (its pages, its
 * other files, its Content-Security-Policy) into each host's own configuration format:
 *   - `_headers` + `_redirects`: Cloudflare Pages and Netlify;
 *   - `.htaccess` (+ `assets/.htaccess`): Apache 2.4 and LiteSpeed, as on shared hosting;
 *   - `nginx.conf`: a complete `server` configuration for a VPS with Debian's nginx.
 * Pure functions of a HostPolicy; scripts/build/host-config.ts gathers the policy and writes the files.
 */
import {
  ADMIN_PREFIX,
  ALLOWED_METHODS,
  CACHE_CONTROL,
  CANONICAL_REDIRECT_STATUS,
  COMPRESSIBLE_TYPES,
  HASHED_PREFIX,
  HOST_CONFIG_FILES,
  INBOX_PREFIX,
  NOT_FOUND_FILE,
  PRECOMPRESSED_ENCODINGS,
  adminHostHeaders,
  cacheClassFor,
  pageFileFor,
} from './host-rules'

export interface HostPolicy {
  /** SITE_URL: the canonical origin (nginx's server_name, the HTTPS redirect target). */
  siteUrl: string
  /** Security headers for every response, Content-Security-Policy included. */
  headers: Readonly<Record<string, string>>
  /** Canonical page paths, `/` first (each served from pageFileFor(route)). */
  routes: readonly string[]
  /** URL paths of the other files at the top of dist/ (icons, robots.txt …), for per-file caching. */
  otherFiles: readonly string[]
  /** Every header of an answer under ADMIN_PREFIX (the CMS), when the build has one. */
  adminHeaders?: Readonly<Record<string, string>>
  /** Every header of an answer under INBOX_PREFIX (the lead inbox), when the build has one. */
  inboxHeaders?: Readonly<Record<string, string>>
  /**
   * ADMIN_ORIGIN's host name, when the owner's tools have their own origin (Cloudflare Pages only): every other
   * path there gets adminHostHeaders() (`_headers` matches a host by name, whatever the port).
   */
  adminHost?: string
}

/** The admin's headers that differ from (or add to) the site-wide ones. */
function adminOverrides(policy: HostPolicy): [string, string][] {
  return Object.entries(policy.adminHeaders ?? {}).filter(([name, value]) => policy.headers[name] !== value)
}

/**
 * The inbox's headers that differ from what its parent folder gets (the site-wide headers with the
 * admin's over them): the inbox lives under /admin/, so every host applies the admin's rule to it first.
 */
function inboxOverrides(policy: HostPolicy): [string, string][] {
  const parent: Record<string, string> = { ...policy.headers, ...Object.fromEntries(adminOverrides(policy)) }
  return Object.entries(policy.inboxHeaders ?? {}).filter(([name, value]) => parent[name] !== value)
}

const GENERATED =
  'Written by `npm run build` (scripts/build/host-config.ts) from scripts/hosts/host-rules.ts: do not edit; change the rules and rebuild.'

/* ------------------------------------------------------------------------------------------------ */
/* Cloudflare Pages and Netlify                                                                      */

/**
 * `_headers`. Both hosts join the values of one header set by two matching rules with a comma, so no
 * header appears in two rules that can match the same path: security headers on `/*`, Cache-Control
 * on exact paths and on `/assets/*`. Unknown paths (404) keep the host's default caching.
 */
export function headersFile(policy: HostPolicy, env: NodeJS.ProcessEnv = process.env): string {
  const block = (pattern: string, headers: Record<string, string>, detach: string[] = []) =>
    [
      pattern,
      ...detach.map((name) => `  ! ${name}`),
      ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`),
    ].join('\n')
  // The admin's rule comes after `/*`. Cloudflare Pages would join two values of one header with a
  // comma (two CSPs, both enforced), so the rule first detaches the site-wide ones (`! Name`). Netlify
  // serves the later rule's value instead and rejects the `!` syntax: its builds (NETLIFY=true) omit it.
  const admin = adminOverrides(policy)
  const netlify = env.NETLIFY === 'true'
  // On the admin host (ADMIN_ORIGIN) every path also matches its rule, which adds a second, sandboxing policy
  // to the public files; the admin's and the inbox's rules detach it with the site-wide values.
  const adminHost = policy.adminHost ? adminHostHeaders() : {}
  const detach = netlify
    ? []
    : admin.map(([name]) => name).filter((name) => name in policy.headers || name in adminHost)
  // The inbox's rule matches what `/*` and the admin's rule match too: it detaches every header either of
  // them sets that it sets itself, so each of its headers has one value.
  const inbox = inboxOverrides(policy)
  const inherited = new Set([
    ...Object.keys(policy.headers),
    ...Object.keys(adminHost),
    ...admin.map(([name]) => name),
  ])
  const inboxDetach = netlify ? [] : inbox.map(([name]) => name).filter((name) => inherited.has(name))
  return [
    `# ${GENERATED}`,
    block('/*', { ...policy.headers }),
    ...(policy.adminHost ? [block(`https://${policy.adminHost}/*`, adminHost)] : []),
    ...(admin.length ? [block(`${ADMIN_PREFIX}*`, Object.fromEntries(admin), detach)] : []),
    ...(inbox.length ? [block(`${INBOX_PREFIX}*`, Object.fromEntries(inbox), inboxDetach)] : []),
    ...policy.routes.map((route) => block(route, { 'Cache-Control': CACHE_CONTROL.page })),
    block(`${HASHED_PREFIX}*`, { 'Cache-Control': CACHE_CONTROL.hashed }),
    ...policy.otherFiles.map((file) => block(file, { 'Cache-Control': CACHE_CONTROL[cacheClassFor(file)] })),
    '',
  ].join('\n\n')
}

/**
 * `_redirects`: the trailing-slash and `.html` forms of every page to its canonical URL. Cloudflare
 * Pages does the same by itself with 308s; Netlify needs the rules. `/index.html` → `/` is left to the
 * hosts (both do it or serve the same page with its canonical link).
 */
export function redirectsFile(policy: HostPolicy): string {
  const lines = policy.routes
    .filter((route) => route !== '/')
    .flatMap((route) => [
      `${route}/ ${route} ${CANONICAL_REDIRECT_STATUS}`,
      `/${pageFileFor(route)} ${route} ${CANONICAL_REDIRECT_STATUS}`,
    ])
  return [`# ${GENERATED}`, ...lines, ''].join('\n')
}

/** Parses a `_headers` file into its rules (path pattern → headers), as the hosts read it. */
export function parseHeadersFile(text: string): { pattern: string; headers: Record<string, string> }[] {
  const rules: { pattern: string; headers: Record<string, string> }[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue
    if (!/^\s/.test(line)) rules.push({ pattern: line.trim(), headers: {} })
    else {
      const at = line.indexOf(':')
      const rule = rules.at(-1)
      if (rule && at > 0) rule.headers[line.slice(0, at).trim()] = line.slice(at + 1).trim()
    }
  }
  return rules
}

/* ------------------------------------------------------------------------------------------------ */
/* Apache 2.4 and LiteSpeed (.htaccess)                                                              */

const quote = (value: string) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const compressibleExtensions = Object.keys(COMPRESSIBLE_TYPES).map((extension) => extension.slice(1))

/**
 * dist/.htaccess. Apache reads it when the site's directory allows overrides (`AllowOverride All`, the
 * default on shared hosting); LiteSpeed reads the same directives. Needs mod_rewrite, mod_headers and
 * mod_mime, which every such host has.
 */
export function htaccessFile(policy: HostPolicy): string {
  const extensions = compressibleExtensions.join('|')
  const pageFiles = policy.routes.filter((route) => route !== '/').map((route) => escapeRegex(route.slice(1)))
  return `# AquaPuebla on Apache 2.4 / LiteSpeed. ${GENERATED}

Options -Indexes -MultiViews
DirectoryIndex index.html
AddDefaultCharset utf-8
ErrorDocument 404 /${NOT_FOUND_FILE}

<IfModule mod_mime.c>
  # Types the stock mime.types lacks or gets wrong, then the precompressed siblings: \`x.js.br\` is
  # JavaScript with Content-Encoding: br (mod_mime reads both extensions).
${Object.entries(COMPRESSIBLE_TYPES)
  .map(([extension, type]) => `  AddType ${quote(type.split(';')[0] ?? type)} ${extension}`)
  .join('\n')}
  AddType image/x-icon .ico
  AddType image/avif .avif
  AddType image/webp .webp
  RemoveType .br .gz
  AddEncoding br .br
  AddEncoding gzip .gz
</IfModule>

RewriteEngine On

# 1. HTTPS for every visitor (not on a loopback preview, which has no certificate).
RewriteCond %{HTTPS} !=on
RewriteCond %{HTTP:X-Forwarded-Proto} !=https
RewriteCond %{HTTP_HOST} !^(localhost|127\\.0\\.0\\.1|\\[::1\\])(:[0-9]+)?$
RewriteRule ^ https://%{HTTP_HOST}%{REQUEST_URI} [R=${CANONICAL_REDIRECT_STATUS},L]

# 2. Only ${ALLOWED_METHODS.join(' and ')} (plus OPTIONS, which Apache answers itself).
RewriteCond %{REQUEST_METHOD} !^(${ALLOWED_METHODS.join('|')}|OPTIONS)$
RewriteRule ^ - [R=405,L]

# 3. Canonical URLs: /index.html -> /, /page.html -> /page, /page/ -> /page (query kept).
RewriteCond %{THE_REQUEST} ^[A-Z]+\\s/index\\.html[\\s?]
RewriteRule ^index\\.html$ / [R=${CANONICAL_REDIRECT_STATUS},L]
RewriteCond %{THE_REQUEST} ^[A-Z]+\\s/(${pageFiles.join('|')})\\.html[\\s?]
RewriteRule ^ /%1 [R=${CANONICAL_REDIRECT_STATUS},L]
RewriteRule ^(${pageFiles.join('|')})/$ /$1 [R=${CANONICAL_REDIRECT_STATUS},L]

# 4. Never served: host configuration, dotfiles (except /.well-known/), the error page by its own
#    name, and folders (no listings).
RewriteCond %{ENV:REDIRECT_STATUS} ^$
RewriteRule ^(${HOST_CONFIG_FILES.filter((file) => !file.startsWith('.')).join('|')}|404|404\\.html)$ - [R=404,L]
RewriteRule (^|/)\\.(?!well-known/) - [R=404,L]
RewriteCond %{REQUEST_FILENAME} -d
RewriteCond %{REQUEST_URI} !^(${escapeRegex(ADMIN_PREFIX.slice(0, -1))}|${escapeRegex(INBOX_PREFIX.slice(0, -1))})/?$
RewriteRule ^.+$ - [R=404,L]

# 5. Pages: /page is page.html (named, so /page/anything stays a 404 instead of looping).
RewriteRule ^(${pageFiles.join('|')})$ $1.html [L]

# 6. Precompressed siblings, when the visitor accepts them: brotli first, then gzip.
${PRECOMPRESSED_ENCODINGS.map(
  ({ encoding, suffix }) => `RewriteCond %{HTTP:Accept-Encoding} \\b${encoding}\\b
RewriteCond %{REQUEST_FILENAME}${suffix} -f
RewriteRule ^(.+\\.(${extensions}))$ $1${suffix} [L]`,
).join('\n')}

<IfModule mod_headers.c>
  # 7. Security headers on every answer, errors and redirects included.
${Object.entries(policy.headers)
  .map(([name, value]) => `  Header always set ${name} ${quote(value)}`)
  .join('\n')}

  # 8. Caching by class (assets/.htaccess makes /assets/ immutable). The answer depends on
  #    Accept-Encoding for every compressible file.
  Header set Cache-Control ${quote(CACHE_CONTROL.other)}
  <FilesMatch "\\.html(\\.br|\\.gz)?$">
    Header set Cache-Control ${quote(CACHE_CONTROL.page)}
  </FilesMatch>
  <FilesMatch "\\.(${extensions})(\\.br|\\.gz)?$">
    Header merge Vary Accept-Encoding
  </FilesMatch>
  # mod_deflate must not compress a precompressed sibling again.
  <FilesMatch "\\.(br|gz)$">
    SetEnv no-gzip 1
    SetEnv no-brotli 1
  </FilesMatch>
</IfModule>
`
}

/**
 * A folder's .htaccess that replaces some site-wide header values. A folder's .htaccess is applied after its
 * parent's, so these `set`s win (no `<If>`, which LiteSpeed does not read).
 */
function folderHtaccessFile(overrides: [string, string][]): string {
  return `# ${GENERATED}
<IfModule mod_headers.c>
${overrides
  .map(([name, value]) =>
    name === 'Cache-Control'
      ? `  Header set ${name} ${quote(value)}`
      : `  Header always set ${name} ${quote(value)}`,
  )
  .join('\n')}
</IfModule>
`
}

/** dist/admin/.htaccess: the CMS's own headers over the site-wide ones. */
export const adminHtaccessFile = (policy: HostPolicy): string => folderHtaccessFile(adminOverrides(policy))

/** dist/admin/solicitudes/.htaccess: the inbox's headers, applied after (and over) the admin folder's. */
export const inboxHtaccessFile = (policy: HostPolicy): string => folderHtaccessFile(inboxOverrides(policy))

/** dist/assets/.htaccess: hashed files are immutable (no `<If>`, which LiteSpeed does not read). */
export function assetsHtaccessFile(): string {
  return `# ${GENERATED}
<IfModule mod_headers.c>
  Header set Cache-Control ${quote(CACHE_CONTROL.hashed)}
</IfModule>
`
}

/* ------------------------------------------------------------------------------------------------ */
/* nginx                                                                                             */

/**
 * A complete site configuration for Debian's nginx (1.22+): `/etc/nginx/sites-available/`, with
 * `libnginx-mod-http-brotli-static` installed for brotli_static. HTTP redirects to HTTPS; the HTTPS
 * server holds every rule. `add_header` is inherited only by locations that add none of their own,
 * so every header is set once at server level, Cache-Control through a map of the final URI. `root`: where
 * dist/ is on the server.
 */
export function nginxConfFile(policy: HostPolicy, { root }: { root: string }): string {
  const host = new URL(policy.siteUrl).hostname
  const hostnames = host.startsWith('www.') ? `${host} ${host.slice(4)}` : host
  const extensions = compressibleExtensions.join('|')
  const pageFiles = policy.routes.filter((route) => route !== '/').map((route) => escapeRegex(route.slice(1)))
  const ownerLocations = folderNginxLocation(
    ADMIN_PREFIX,
    policy.adminHeaders,
    folderNginxLocation(INBOX_PREFIX, policy.inboxHeaders, ''),
  )
  return `# AquaPuebla on nginx. ${GENERATED}
#
# Install: apt-get install nginx libnginx-mod-http-brotli-static certbot; copy dist/ to the root below,
# this file to /etc/nginx/sites-available/aquapuebla, link it into sites-enabled/, get the certificate
# (certbot certonly --webroot -w ${root} -d ${host}), then nginx -t && systemctl reload nginx.
# Without the brotli module, delete the brotli_static line: gzip_static still serves the .gz files.

# Cache-Control by class, from the final URI (after try_files and error_page).
map $uri $aquapuebla_cache_control {
    ~^${escapeRegex(HASHED_PREFIX)} ${quote(CACHE_CONTROL.hashed)};
    ~\\.html$ ${quote(CACHE_CONTROL.page)};
    ~^[^.]*$ ${quote(CACHE_CONTROL.page)};
    default ${quote(CACHE_CONTROL.other)};
}

# Plain HTTP only redirects to HTTPS on the canonical host.
server {
    listen 80;
    listen [::]:80;
    server_name ${hostnames};
    location /.well-known/acme-challenge/ { root ${root}; }
    location / { return 301 https://${host}$request_uri; }
}

server {
    listen 443 ssl http2;
    listen [::]:443 ssl http2;
    server_name ${host};
    ssl_certificate /etc/letsencrypt/live/${host}/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/${host}/privkey.pem;

    root ${root};
    index index.html;
    charset utf-8;
    charset_types text/css text/plain text/xml text/javascript application/javascript application/xml application/json application/manifest+json;
    server_tokens off;
    gzip_static on;
    brotli_static on;
    gzip_vary on;
    error_page 404 /${NOT_FOUND_FILE};

    # Security headers on every answer (always: 404s and redirects too), then caching.
${Object.entries(policy.headers)
  .map(([name, value]) => `    add_header ${name} ${quote(value)} always;`)
  .join('\n')}
    add_header Cache-Control $aquapuebla_cache_control always;

    # Canonical URLs: /index.html -> /, /page.html -> /page, /page/ -> /page (query kept).
    if ($request_uri ~ ^/index\\.html(\\?|$)) { return 301 /$is_args$args; }
    if ($request_uri ~ ^/(${pageFiles.join('|')})(\\.html|/)(\\?|$)) { return 301 /$1$is_args$args; }

    # Only ${ALLOWED_METHODS.join(' and ')}.
    if ($request_method !~ ^(${ALLOWED_METHODS.join('|')})$) { return 405; }

    # Pages: / is index.html, /page is page.html; everything else is a file or the 404 page.
    location = / {
        try_files /index.html =404;
    }
    location / {
        try_files $uri $uri.html =404;
    }
    location ${HASHED_PREFIX} {
        try_files $uri =404;
    }${ownerLocations}
    location ~ \\.webmanifest$ {
        default_type application/manifest+json;
    }
    # Never served: the error page by its own name, host configuration, dotfiles (but ACME's).
    location = /${NOT_FOUND_FILE} { internal; }
    location = /404 { return 404; }
    location ~ ^/(${HOST_CONFIG_FILES.filter((file) => !file.startsWith('.')).join('|')})$ { return 404; }
    location ~ /\\.(?!well-known/) { return 404; }
    # Precompressed siblings are served through gzip_static/brotli_static, not by their own names.
    location ~ \\.(${extensions})\\.(br|gz)$ { return 404; }
}
`
}

/**
 * A folder's location: the CMS's, and after it the inbox's (a longer prefix, so nginx picks it). A location that
 * adds headers inherits none from the server, so each repeats every header with its own values.
 */
function folderNginxLocation(
  prefix: string,
  headers: Record<string, string> | undefined,
  inner: string,
): string {
  if (!headers) return ''
  return `
    location = ${prefix.slice(0, -1)} { return 301 ${prefix}$is_args$args; }
    location ${prefix} {
        index index.html;
        try_files $uri $uri/ =404;
${Object.entries(headers)
  .map(([name, value]) => `        add_header ${name} ${quote(value)} always;`)
  .join('\n')}
    }${inner}`
}
