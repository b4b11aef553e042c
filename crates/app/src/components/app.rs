//! The top of the page: the state, the picker, the board and the side panel.

use crate::components::board_view::BoardView;
use crate::components::move_list::MoveList;
use crate::components::picker::Picker;
use crate::components::reserves::Reserves;
use crate::components::status::Status;
use crate::state::{Action, AppState};
use quirkat_rules::Side;
use yew::prelude::*;

/// The state handle shared with the components through a context.
pub type Store = UseReducerHandle<AppState>;

/// The whole app.
#[component]
pub fn App() -> Html {
    let store = use_reducer(AppState::default);
    let on_point = {
        let store = store.dispatcher();
        Callback::from(move |p: u8| store.dispatch(Action::ClickPoint(p)))
    };
    let on_key = {
        let store = store.dispatcher();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                store.dispatch(Action::Cancel);
            }
        })
    };
    let new_game = {
        let store = store.dispatcher();
        Callback::from(move |_| store.dispatch(Action::NewGame))
    };
    let state = (*store).clone();
    let drops = state.game.rules().drops;
    let reserve = |side: Side| {
        drops
            .then(|| html! { <Reserves side={side} count={state.game.position().reserve(side)} /> })
    };
    html! {
        <ContextProvider<Store> context={store.clone()}>
            <div class="app" onkeydown={on_key} tabindex="-1">
                <header class="top">
                    <h1>{ "quirkat" }</h1>
                    <Picker />
                </header>
                <main class="play">
                    <div class="board-area">
                        { reserve(Side::Second) }
                        <BoardView state={std::rc::Rc::new(state.clone())} on_point={on_point} />
                        { reserve(Side::First) }
                    </div>
                    <aside class="side">
                        <Status status={state.status()} text={state.status_text()} notice={state.notice.clone()} />
                        <button class="new-game" onclick={new_game}>{ "New game" }</button>
                        <MoveList moves={state.moves.clone()} />
                    </aside>
                </main>
            </div>
        </ContextProvider<Store>>
    }
}
