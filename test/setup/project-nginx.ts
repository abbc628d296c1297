// The jest project `nginx`: Chromium against dist/ served by Debian's nginx with the build's nginx.conf.
process.env.BROWSER_ENGINE = 'chromium'
process.env.TEST_HOST = 'nginx'
