"""The stored game: models, the scoreboard, checks of what is typed, the service that
makes every write, money and statistics, and the game and profile files. No request and no
template: this layer needs the engine and the database only."""
