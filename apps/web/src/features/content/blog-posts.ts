export interface BlogPost {
  /** Anchor of the article on /blogs. */
  slug: string;
  question: string;
  paragraphs: string[];
}

/** The Q&A articles of /blogs, written by the Toolshop developers. */
export const BLOG_POSTS: BlogPost[] = [
  {
    slug: "controlled-vs-uncontrolled",
    question: "What is the difference between controlled and uncontrolled components?",
    paragraphs: [
      "A controlled component is a form element whose current value lives in React state. The input receives its value through the value prop and reports every keystroke through onChange; the component then decides what the new state is. Nothing appears in the field unless React puts it there, so the state and the screen can never disagree.",
      "An uncontrolled component lets the DOM keep the value. You give the input a defaultValue at most, and read what the user typed when you need it: through a ref, or from the form's FormData when it is submitted. React renders the element once and then stays out of the way while the user types.",
      "Controlled inputs make instant feedback easy: formatting a phone number as it is typed, enabling a button only when the form is valid, or keeping two fields in sync. The price is a re-render on every keystroke of every component that owns that state, which can be felt in large forms.",
      "Uncontrolled inputs are cheaper and closer to plain HTML, and they work with the browser's own validation (required, type=email, minlength). Libraries such as react-hook-form build on this: they register inputs by ref, read values on demand and only re-render the parts that show an error. On this site the login form is uncontrolled with browser validation, while the sign-up form uses react-hook-form with a shared zod schema so the server and the browser agree on every message.",
    ],
  },
  {
    slug: "when-react-re-renders",
    question: "How does React decide when to re-render?",
    paragraphs: [
      "A component renders again when its state changes, when its parent renders again, or when a context it reads gets a new value. Calling a state setter with a value that is identical to the current one (compared with Object.is) is skipped, which is why you must create a new array or object instead of mutating the old one.",
      "Rendering is not the same as touching the DOM. Rendering means calling your component function to get a new description of the UI; React then compares it with the previous description and applies only the differences. Most re-renders are cheap, and React batches several state updates made in the same event or effect into one render.",
      "When a re-render is expensive, you can stop it from spreading. memo skips rendering a child whose props are unchanged, useMemo and useCallback keep objects and functions stable between renders so that memo can see they are unchanged, and moving state down to the component that uses it keeps the rest of the tree out of the update. The React Compiler automates much of this memoisation.",
      "Keys matter too. React matches list items between renders by their key, so a stable identifier keeps each item's state attached to the right row, while an index as a key can move state to the wrong item when the list is reordered. Changing a component's key on purpose is the simplest way to reset all of its state.",
    ],
  },
  {
    slug: "why-a-data-router",
    question: "Why use a data router?",
    paragraphs: [
      "A classic client router only decides which component to show for a URL; each component then starts its own fetches after it has rendered. When a page nests layouts, those fetches run one after another, a waterfall that the user sees as a cascade of spinners.",
      "A data router, such as React Router's createBrowserRouter, knows about the whole route tree up front. It can load the code for the next page and start every loader of the matched routes in parallel, before anything renders, and it tracks the state of the navigation so the app can show a single progress indicator while the old page stays on screen.",
      "Because the router knows each route, it can also give each one an error element. A loader that fails, a page that throws, or a page whose code cannot be downloaded shows a helpful message in place of that part of the screen instead of a blank page. This site uses exactly that: every page is a lazily loaded module, and a failed download shows Loading chunk failed with a Reload button.",
      "Splitting the code per route keeps the first visit fast: the home page does not pay for the sign-up form's validation library or the blog's text. Combined with a query cache such as TanStack Query, the router decides what to load and when, and the cache decides how long to keep it, how often to retry and when it is stale.",
    ],
  },
  {
    slug: "managing-state",
    question: "What are the ways to manage state in a React app?",
    paragraphs: [
      "Start with local state. useState and useReducer inside the component that needs the value cover most UI state: whether a menu is open, what is typed in a field, which tab is selected. When two siblings need the same value, lift it to their closest common parent and pass it down as props.",
      "Some state belongs in the URL. The current page, a search term, a filter or a sort order should survive a reload and be shareable as a link, so reading them from the route and the query string is often better than keeping them in memory.",
      "Server data is a different kind of state: it is owned by the server, can change without you knowing, and has to be fetched, cached, refreshed and retried. Libraries such as TanStack Query handle this for you with cache keys, background refetching and retry policies; on this site the tools list and the reviews use it with three retries and a five minute cache.",
      "Context is for values that many distant components read but that change rarely, such as the signed-in user or the theme. For frequently changing global client state, a small store (Zustand, Redux Toolkit, Jotai) lets components subscribe to just the slice they need. A good rule is to pick the narrowest tool that works and only move state up when something actually needs it.",
    ],
  },
  {
    slug: "jwt-in-a-spa",
    question: "How does JWT authentication work in a SPA?",
    paragraphs: [
      "A JSON Web Token is a compact, signed statement such as this user, with this email and this role, until this time. The server signs it with a secret or a private key; anyone can read what it says, but nobody can change it without breaking the signature. The server can therefore check a token without looking anything up in a database.",
      "In a single-page app the flow usually runs like this: the user signs in with the identity service, the app exchanges that session for an access token from its API, keeps the token, and sends it with every call in an Authorization header as the word Bearer followed by the token. The API verifies the signature and the expiry on each request and reads the user from the token.",
      "Where the token is kept is a trade-off. Local storage is simple and survives reloads, but any script that runs on the page can read it, so a strict Content Security Policy and careful escaping of user content matter. An HttpOnly cookie hides the token from scripts but needs protection against cross-site request forgery.",
      "Tokens should be short-lived. The app refreshes a token shortly before it expires, treats it as expired a little early to allow for clock differences, and when the API answers 401 it signs the user out and sends them to the login page. Signing out simply forgets the token and ends the identity session; because the token expires soon anyway, a stolen copy is only useful for a short time.",
    ],
  },
];
