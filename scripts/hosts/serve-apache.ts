/** `npm run serve:apache`: the existing dist/ served as that host serves it (see scripts/hosts/preview.ts). */
import { main } from './preview'

main('apache')
