/** `npm run serve:nginx`: the existing dist/ served as that host serves it (see scripts/hosts/preview.ts). */
import { main } from './preview'

main('nginx')
