/** `npm run serve:pages`: the existing dist/ served as that host serves it (see scripts/hosts/preview.ts). */
import { main } from './preview'

main('pages')
